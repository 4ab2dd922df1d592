import { ANALYTICS_TIME_ZONE } from '@pv/contracts';

/** A calendar day as 'YYYY-MM-DD'. */
export type Day = string;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ANALYTICS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The São Paulo calendar day an instant falls in. Every figure of the service is kept per São
 * Paulo day (the product's users are there; billing's months are São Paulo months too).
 */
export function dayOf(instant: Date): Day {
  return dayFormat.format(instant);
}

/** `day` moved by `delta` calendar days (calendar arithmetic, no time zone involved). */
export function addDays(day: Day, delta: number): Day {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included, oldest first. */
export function daysBetween(from: Day, to: Day): Day[] {
  const days: Day[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The first day of the day's month. */
export const monthStart = (day: Day): Day => `${day.slice(0, 8)}01`;
