// Dates (dd/MM/yyyy HH:mm) and money (R$ 29,90) are shared with the workspace app.
export { formatDate, formatDateTime, formatMoney } from '@pv/web-kit';

/** A calendar day 'YYYY-MM-DD' as dd/MM/yyyy, without time-zone shifts. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}/${m}/${y}` : day;
}

/** AI cost in USD with 4 decimals, e.g. "US$ 1.2346" from "1.234567". */
export function formatUsd4(amount: string | number): string {
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : amount;
  return `US$ ${(Number.isFinite(value) ? value : 0).toFixed(4)}`;
}

const integer = new Intl.NumberFormat('pt-BR');

/** 12345 -> "12.345". */
export function formatCount(value: number): string {
  return integer.format(value);
}

const megabytes = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** Storage in MB as billing reports it (3 decimals at most): 3.006 -> "3,006", 1500 -> "1.500". */
export function formatMb(value: number): string {
  return megabytes.format(value);
}

/** One decimal with a comma: 12.345 -> "12,3". */
export function formatOneDecimal(value: number): string {
  return value.toFixed(1).replace('.', ',');
}

/** The first `max` characters of a text, with an ellipsis when cut. */
export function preview(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
