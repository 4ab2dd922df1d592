import type { StorageSource } from '@pv/contracts';
import { sql } from 'kysely';
import type { BillingDb } from '../db/schema.js';
import type { Period } from './period.js';

/** The user's stored bytes over every source (0 when nothing is stored). */
export async function storedBytesOf(db: BillingDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('stored_bytes')
    .select(sql<string>`coalesce(sum(bytes), 0)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Stored bytes of many users at once (the month view). */
export async function storedBytesOfUsers(
  db: BillingDb,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stored_bytes')
    .select(['user_id', sql<string>`sum(bytes)`.as('total')])
    .where('user_id', 'in', [...userIds])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.total)]));
}

/**
 * Keeps a newer measure of one source (an older one arriving late changes nothing) and writes
 * the user's new total into the month's row. Answers the total.
 */
export async function recordStoredBytes(
  trx: BillingDb,
  measure: {
    userId: string;
    source: StorageSource;
    bytes: number;
    measuredAt: Date;
    period: Period;
  },
): Promise<number> {
  await trx
    .insertInto('stored_bytes')
    .values({
      user_id: measure.userId,
      source: measure.source,
      bytes: measure.bytes,
      measured_at: measure.measuredAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'source'])
        .doUpdateSet({ bytes: sql`excluded.bytes`, measured_at: sql`excluded.measured_at` })
        .where('stored_bytes.measured_at', '<=', sql<Date>`excluded.measured_at`),
    )
    .execute();
  const total = await storedBytesOf(trx, measure.userId);
  await trx
    .insertInto('monthly_usage')
    .values({
      user_id: measure.userId,
      year: measure.period.year,
      month: measure.period.month,
      storage_bytes: String(total),
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'year', 'month'])
        .doUpdateSet({ storage_bytes: sql`excluded.storage_bytes` }),
    )
    .execute();
  return total;
}

/** A new month row starts with the user's stored bytes at that moment (a snapshot, for history). */
export const storedBytesNow = (userId: string) =>
  sql<string>`(SELECT coalesce(sum(bytes), 0) FROM stored_bytes WHERE user_id = ${userId})`;
