import { sql } from 'kysely';
import type { BillingDb, MonthlyUsageRow } from '../db/schema.js';
import type { Period } from './period.js';
import { storedBytesNow } from './storage.repository.js';

type Counter =
  | 'login_count'
  | 'transcription_count'
  | 'formatting_count'
  | 'pdf_count'
  | 'ai_request_count'
  | 'speech_seconds'
  | 'extraction_count';

/** A user's month as it starts: no counter used, the storage the user holds now. */
const newMonth = (userId: string, period: Period) => ({
  user_id: userId,
  year: period.year,
  month: period.month,
  storage_bytes: storedBytesNow(userId),
});

/** The user's row of the month, created empty when missing, locked until the transaction ends. */
export async function lockMonth(
  trx: BillingDb,
  userId: string,
  period: Period,
): Promise<MonthlyUsageRow> {
  await trx
    .insertInto('monthly_usage')
    .values(newMonth(userId, period))
    .onConflict((oc) => oc.columns(['user_id', 'year', 'month']).doNothing())
    .execute();
  return trx
    .selectFrom('monthly_usage')
    .selectAll()
    .where('user_id', '=', userId)
    .where('year', '=', period.year)
    .where('month', '=', period.month)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Adds to counters of a user's month in one statement (creating the row when missing). */
export async function addToMonth(
  trx: BillingDb,
  change: {
    userId: string;
    period: Period;
    add: Partial<Record<Counter, number>> & { ai_cost_usd?: string };
  },
): Promise<void> {
  const { userId, period } = change;
  const { ai_cost_usd: cost, ...counters } = change.add;
  const entries = Object.entries(counters) as [Counter, number][];
  await trx
    .insertInto('monthly_usage')
    .values({
      ...newMonth(userId, period),
      ...Object.fromEntries(entries.map(([k, v]) => [k, Math.max(0, v)])),
      ...(cost ? { ai_cost_usd: cost } : {}),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'year', 'month']).doUpdateSet((eb) => ({
        ...Object.fromEntries(
          entries.map(([k, v]) => [
            k,
            sql<number>`GREATEST(0, ${eb.ref(`monthly_usage.${k}`)} + ${v})`,
          ]),
        ),
        ...(cost ? { ai_cost_usd: sql<string>`monthly_usage.ai_cost_usd + ${cost}::numeric` } : {}),
      })),
    )
    .execute();
}

export function findMonth(db: BillingDb, userId: string, period: Period) {
  return db
    .selectFrom('monthly_usage')
    .selectAll()
    .where('user_id', '=', userId)
    .where('year', '=', period.year)
    .where('month', '=', period.month)
    .executeTakeFirst();
}

export function totalsOf(db: BillingDb, userId: string) {
  return db
    .selectFrom('monthly_usage')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('transcription_count'), sql<string>`0`).as('transcriptions'),
      eb.fn.coalesce(eb.fn.sum<string>('formatting_count'), sql<string>`0`).as('formatting'),
      eb.fn.coalesce(eb.fn.sum<string>('pdf_count'), sql<string>`0`).as('pdfs'),
      eb.fn.coalesce(eb.fn.sum<string>('ai_request_count'), sql<string>`0`).as('aiRequests'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

export function monthsOfUser(db: BillingDb, userId: string) {
  return db
    .selectFrom('monthly_usage')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('year', 'desc')
    .orderBy('month', 'desc')
    .execute();
}

/** Every user's counters in one month, busiest (AI requests) first, with who they are. */
export function usersOfMonth(db: BillingDb, period: Period) {
  return db
    .selectFrom('monthly_usage as m')
    .leftJoin('billing_users as u', 'u.user_id', 'm.user_id')
    .selectAll('m')
    .select(['u.email as email', 'u.full_name as full_name'])
    .where('m.year', '=', period.year)
    .where('m.month', '=', period.month)
    .orderBy('m.ai_request_count', 'desc')
    .orderBy('m.user_id')
    .execute();
}

/** Records a speech session; false when this id was already recorded. */
export async function recordTranscriptionSession(
  trx: BillingDb,
  session: { id: string; userId: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('transcription_sessions')
    .values({ id: session.id, user_id: session.userId })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
