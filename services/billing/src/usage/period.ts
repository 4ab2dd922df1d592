import { BILLING_TIME_ZONE } from '@pv/contracts';

export interface Period {
  year: number;
  month: number;
}

const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BILLING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/** The calendar month an instant falls in, in São Paulo (allowances reset there, not in UTC). */
export function periodOf(instant: Date): Period {
  const parts = monthFormat.formatToParts(instant);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  return { year, month };
}

export const periodLabel = (p: Period) => `${p.year}-${String(p.month).padStart(2, '0')}`;
