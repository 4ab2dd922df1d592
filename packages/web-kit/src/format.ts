/** Dates are shown as dd/MM/yyyy HH:mm, in the viewer's time zone. */
export function formatDateTime(iso: string | Date | null | undefined): string {
  if (iso === null || iso === undefined) return '';
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** dd/MM/yyyy, for dates without a time (member since, birth dates). */
export function formatDate(iso: string | Date | null | undefined): string {
  return formatDateTime(iso).slice(0, 10);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money the pt-BR way from an amount in major units and an ISO 4217 code, whatever case the
 * provider wrote it in: ("29.90", "brl") -> "R$ 29,90", (5, "usd") -> "US$ 5,00". An unknown code
 * or a non-number shows as it came rather than throwing in a screen.
 */
export function formatMoney(amount: string | number, currency: string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const code = currency.trim().toUpperCase();
  let format = moneyFormats.get(code);
  try {
    format ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: code });
  } catch {
    return `${code} ${amount}`;
  }
  moneyFormats.set(code, format);
  if (!Number.isFinite(value)) return `${code} ${amount}`;
  // Intl puts a no-break space after the symbol; a plain space reads and matches the same.
  return format.format(value).replace(/\u00a0/g, ' ');
}

/** Money in reais from centavos: 2990 -> "R$ 29,90". */
export function formatBRL(cents: number): string {
  return formatMoney(cents / 100, 'BRL');
}
