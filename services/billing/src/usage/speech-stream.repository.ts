import { sql } from 'kysely';
import type { BillingDb, SpeechStreamRow } from '../db/schema.js';

export async function insertStream(
  db: BillingDb,
  stream: {
    id: string;
    userId: string;
    maxSeconds: number;
    windowEndsAt: Date;
    allowanceSeconds: number;
  },
): Promise<void> {
  await db
    .insertInto('speech_streams')
    .values({
      id: stream.id,
      user_id: stream.userId,
      max_seconds: stream.maxSeconds,
      window_ends_at: stream.windowEndsAt,
      settled_at: null,
      settled_by: null,
      provider_seconds: null,
      allowance_seconds: stream.allowanceSeconds,
    })
    .execute();
}

/** A stream whose key Soniox refused to mint never existed. */
export async function deleteStream(db: BillingDb, id: string): Promise<void> {
  await db.deleteFrom('speech_streams').where('id', '=', id).execute();
}

/** The user's streams Soniox's record has not settled yet, oldest first. */
export function unsettledStreamsOf(db: BillingDb, userId: string): Promise<SpeechStreamRow[]> {
  return db
    .selectFrom('speech_streams')
    .selectAll()
    .where('user_id', '=', userId)
    .where('settled_at', 'is', null)
    .orderBy('minted_at')
    .execute();
}

/** Every user's unsettled streams, oldest first, at most `limit` (one settlement round). */
export function unsettledStreams(db: BillingDb, limit: number): Promise<SpeechStreamRow[]> {
  return db
    .selectFrom('speech_streams')
    .selectAll()
    .where('settled_at', 'is', null)
    .orderBy('minted_at')
    .limit(limit)
    .execute();
}

/** The stream, locked until the transaction ends, when it is still unsettled. */
export function lockUnsettledStream(
  trx: BillingDb,
  id: string,
): Promise<SpeechStreamRow | undefined> {
  return trx
    .selectFrom('speech_streams')
    .selectAll()
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Charges `seconds` more to a stream and, when `endedAt` is given, ends its live counting. */
export async function chargeStream(
  db: BillingDb,
  id: string,
  change: { seconds: number; endedAt?: Date },
): Promise<void> {
  await db
    .updateTable('speech_streams')
    .set({
      charged_seconds: sql<number>`charged_seconds + ${change.seconds}`,
      ...(change.endedAt ? { ended_at: change.endedAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Settles a stream at `chargedSeconds` (callers hold its row lock and the month's). */
export async function settleStream(
  db: BillingDb,
  id: string,
  settlement: {
    chargedSeconds: number;
    by: 'record' | 'deadline';
    providerSeconds: number | null;
    at: Date;
  },
): Promise<void> {
  await db
    .updateTable('speech_streams')
    .set({
      charged_seconds: settlement.chargedSeconds,
      settled_at: settlement.at,
      settled_by: settlement.by,
      provider_seconds: settlement.providerSeconds,
      ended_at: sql<Date>`COALESCE(ended_at, ${settlement.at})`,
    })
    .where('id', '=', id)
    .execute();
}
