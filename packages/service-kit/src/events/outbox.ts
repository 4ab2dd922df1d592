/**
 * The writing side of the outbox: an event recorded in the transaction of the change it
 * describes, and the stable ids of events that have one. Separate from the relay, which publishes
 * those rows later and in another rhythm; a service's code calls this, never the relay.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { EventEnvelope, EventPayload, EventSubject } from '@pv/contracts';
import type { Kysely, Transaction } from 'kysely';
import { currentTraceparent } from '../tracing.js';
import type { KitTables } from './tables.js';

/**
 * jsonb cannot hold U+0000 (Postgres refuses the row, quoting it in its error): a text that has
 * one (a pasted dictation, a speech engine's output) loses it, as a character nobody can see.
 */
const withoutNul = (_key: string, value: unknown) =>
  typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;

/**
 * Records an event in the same transaction as the change it describes. The relay publishes it
 * after commit; if the transaction rolls back, the event never existed.
 * @example await enqueueEvent(trx, 'auth.user.logged-in.v1', { userId, ipAddress, userAgent })
 */
export async function enqueueEvent<DB extends KitTables, S extends EventSubject>(
  trx: Kysely<DB> | Transaction<DB>,
  subject: S,
  payload: EventPayload<S>,
  options: {
    /**
     * The event's id when the fact has one of its own (e.g. a consult retried with the same
     * request id): a second enqueue of the same id adds nothing, and consumers' processed-event
     * logs would drop it anyway. Default: a new random id.
     */
    id?: string;
  } = {},
): Promise<EventEnvelope<EventPayload<S>>> {
  const envelope = {
    id: options.id ?? randomUUID(),
    subject,
    occurredAt: new Date().toISOString(),
    payload,
  };
  const insert = (trx as unknown as Kysely<KitTables>).insertInto('outbox_events').values({
    id: envelope.id,
    subject,
    payload: JSON.stringify(payload, withoutNul),
    occurred_at: new Date(envelope.occurredAt),
    published_at: null,
    traceparent: currentTraceparent(),
  });
  await (options.id ? insert.onConflict((oc) => oc.column('id').doNothing()) : insert).execute();
  return envelope;
}

/**
 * A stable UUID (RFC 9562 version 8, name-based on SHA-256) for `parts`: the same parts give the
 * same id, e.g. the event of one consult whatever attempt publishes it.
 */
export function stableUuid(...parts: string[]): string {
  const hash = createHash('sha256').update(parts.join('\u0000')).digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x80;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
