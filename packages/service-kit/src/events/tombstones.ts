/**
 * Erasure (LGPD art. 18) as the events see it: the tombstones that keep an erased user erased
 * against late or replayed events, and the erasure of their pending outbox rows and dead letters.
 * Separate because it is the one place an erasure touches the kit's tables, apart from delivery.
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { KitTables } from './tables.js';

const userKey = (userId: string) => createHash('sha256').update(userId).digest('hex');

/**
 * Records that a user was erased here, in the erasure's transaction, so that `isErased` makes
 * every later (late, redelivered, replayed) event about them a no-op.
 * @example await tombstoneUser(trx, user.id)
 */
export async function tombstoneUser<DB extends KitTables>(
  trx: Kysely<DB> | Transaction<DB>,
  userId: string,
): Promise<void> {
  await (trx as unknown as Kysely<KitTables>)
    .insertInto('erased_users')
    .values({ user_key: userKey(userId), erased_at: new Date() })
    .onConflict((oc) => oc.column('user_key').doNothing())
    .execute();
}

/** Whether a user was erased here: events about them must not bring anything back. */
export async function isErased<DB extends KitTables>(
  db: Kysely<DB> | Transaction<DB>,
  userId: string | null | undefined,
): Promise<boolean> {
  if (!userId) return false;
  const row = await (db as unknown as Kysely<KitTables>)
    .selectFrom('erased_users')
    .select('user_key')
    .where('user_key', '=', userKey(userId))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Erases a user's traces from the outbox and its dead letters (LGPD erasure): rows whose payload
 * names the user id or e-mail. Published rows have no payload left; this catches pending ones.
 * Staff-access records (`audit.*`) stay, pending or dead-lettered: who saw or erased whom is
 * kept (docs/audit-trail.md).
 * @example await eraseOutboxOf(trx, { userId, email })
 */
export async function eraseOutboxOf<DB extends KitTables>(
  trx: Kysely<DB> | Transaction<DB>,
  who: { userId: string; email?: string },
): Promise<void> {
  const db = trx as unknown as Kysely<KitTables>;
  const needles = [who.userId, ...(who.email ? [who.email.toLowerCase()] : [])];
  for (const needle of needles) {
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await db
      .deleteFrom('outbox_events')
      .where(sql<boolean>`lower(payload::text) LIKE ${like}`)
      .where('subject', 'not like', 'audit.%')
      .execute();
    await db
      .deleteFrom('outbox_dead_letters')
      .where(sql<boolean>`lower(payload::text) LIKE ${like}`)
      // A dead-lettered access record is still owed to the log (replayed by an operator).
      .where('subject', 'not like', 'audit.%')
      .execute();
  }
}
