import type { QuotaKind } from '@pv/contracts';
import { sql } from 'kysely';
import type { BillingDb } from '../db/schema.js';
import type { Period } from '../usage/period.js';

export interface NewReservation {
  id: string;
  userId: string;
  kind: QuotaKind;
  period: Period;
}

const rowOf = (r: NewReservation, settledAt: Date | null) => ({
  id: r.id,
  user_id: r.userId,
  kind: r.kind,
  year: r.period.year,
  month: r.period.month,
  released_at: null,
  settled_at: settledAt,
});

/** Reservations still running: neither given back nor settled by their event, and not stale. */
export async function pendingReservations(
  db: BillingDb,
  query: { userId: string; kind: QuotaKind; period: Period; ttlSeconds: number },
): Promise<number> {
  const row = await db
    .selectFrom('quota_reservations')
    .select((eb) => eb.fn.countAll<string>().as('pending'))
    .where('user_id', '=', query.userId)
    .where('kind', '=', query.kind)
    .where('year', '=', query.period.year)
    .where('month', '=', query.period.month)
    .where('released_at', 'is', null)
    .where('settled_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${query.ttlSeconds})`)
    .executeTakeFirstOrThrow();
  return Number(row.pending);
}

/** Whose reservation `id` is (issue 24: looked up with its owner, never by id alone). */
export async function reservationOwner(db: BillingDb, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('quota_reservations')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Records a reservation; with `ignoreDuplicate`, a retried one (same id) changes nothing. With
 * `settled`, it is counted at once (an action no event settles: PDF text extraction). Returns
 * whether a row was written.
 */
export async function insertReservation(
  db: BillingDb,
  reservation: NewReservation,
  options: { ignoreDuplicate?: boolean; settled?: boolean } = {},
): Promise<boolean> {
  const insert = db
    .insertInto('quota_reservations')
    .values(rowOf(reservation, options.settled ? new Date() : null));
  const written = await (options.ignoreDuplicate
    ? insert.onConflict((oc) => oc.column('id').doNothing())
    : insert
  )
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

/** Marks the user's running reservation as given back; false when there was none to release. */
export async function releaseReservation(
  db: BillingDb,
  userId: string,
  id: string,
): Promise<boolean> {
  const released = await db
    .updateTable('quota_reservations')
    .set({ released_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('released_at', 'is', null)
    .where('settled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return released !== undefined;
}

/** A reservation whose action's event is counted stops counting on its own. */
export async function settleReservation(db: BillingDb, id: string): Promise<void> {
  await db
    .updateTable('quota_reservations')
    .set({ settled_at: new Date() })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .execute();
}
