import type { StorageSource } from '@pv/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { enqueueEvent, type KitTables } from './events/index.js';

/**
 * Tells billing a user's new total of one source, inside the transaction that changed it (issue
 * 17): the user's storage of `source` is locked (a transaction-scoped advisory lock) before it is
 * measured and until the transaction ends, so concurrent changes measure one after the other and
 * each `usage.storage.changed.v1` carries a total no older than the one before it. The event goes
 * through the outbox (the relay publishes it after commit).
 * @example await publishStoredBytes(trx, { userId, source: 'signed-documents', measure: sumOf });
 */
export async function publishStoredBytes<DB extends KitTables>(
  trx: Transaction<DB>,
  options: {
    userId: string;
    source: StorageSource;
    /** The user's bytes of this source, read inside the transaction after the change. */
    measure: (trx: Transaction<DB>) => Promise<number>;
  },
): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`storage:${options.source}:${options.userId}`}, 0))`.execute(
    trx,
  );
  const bytes = await options.measure(trx);
  // The database's clock, under the lock: every replica of the service agrees on the order.
  const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(trx);
  await enqueueEvent(trx, 'usage.storage.changed.v1', {
    userId: options.userId,
    source: options.source,
    bytes,
    measuredAt: rows[0]!.now.toISOString(),
  });
  return bytes;
}

/**
 * Changes what a user stores and tells billing the new total, in one transaction (see
 * `publishStoredBytes`).
 * @example
 * const row = await changeStoredBytes(db, {
 *   userId, source: 'custom-templates', measure: (trx) => templateBytesOf(trx, userId),
 * }, (trx) => insertTemplate(trx, template));
 */
export async function changeStoredBytes<DB extends KitTables, T>(
  db: Kysely<DB>,
  options: {
    userId: string;
    source: StorageSource;
    measure: (trx: Transaction<DB>) => Promise<number>;
  },
  change: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await publishStoredBytes(trx, options);
    return result;
  });
}
