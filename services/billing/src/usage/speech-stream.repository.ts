import { sql } from 'kysely';
import type { BillingDb, SpeechStreamRow } from '../db/schema.js';

export async function insertStream(
  db: BillingDb,
  stream: { id: string; userId: string; maxSeconds: number; windowEndsAt: Date },
): Promise<void> {
  await db
    .insertInto('speech_streams')
    .values({
      id: stream.id,
      user_id: stream.userId,
      max_seconds: stream.maxSeconds,
      window_ends_at: stream.windowEndsAt,
    })
    .execute();
}

/** A stream whose key Soniox refused to mint never existed. */
export async function deleteStream(db: BillingDb, id: string): Promise<void> {
  await db.deleteFrom('speech_streams').where('id', '=', id).execute();
}

/** The user's streams not ended yet, oldest first (callers hold the month's row lock). */
export function openStreamsOf(db: BillingDb, userId: string): Promise<SpeechStreamRow[]> {
  return db
    .selectFrom('speech_streams')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .orderBy('minted_at')
    .execute();
}

/** Charges `seconds` more to a stream and, when `endedAt` is given, ends it. */
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
