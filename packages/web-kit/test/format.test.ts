import { describe, expect, it } from 'vitest';
import { formatBRL, formatDate, formatDateTime, formatMoney } from '../src/format.js';

describe('formats', () => {
  it('shows dates as dd/MM/yyyy HH:mm', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7))).toBe('05/01/2026 09:07');
    expect(formatDate(new Date(2026, 10, 22, 23, 59))).toBe('22/11/2026');
  });
  it('shows the Premium price in BRL', () => {
    expect(formatBRL(2990)).toBe('R$ 29,90');
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
  });
  it('shows a payment as the provider reports it (major units, lower-case code) the pt-BR way', () => {
    expect(formatMoney('29.90', 'brl')).toBe('R$ 29,90');
    expect(formatMoney(29.9, 'BRL')).toBe('R$ 29,90');
    expect(formatMoney('5', 'usd')).toBe('US$ 5,00');
    expect(formatMoney('abc', 'brl')).toBe('BRL abc');
    expect(formatMoney('1', 'not-a-code')).toBe('NOT-A-CODE 1');
  });
});

describe('formats of missing dates', () => {
  it('shows nothing for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
