/**
 * The reading side of the events: durable JetStream consumers (reassembling events sent in parts,
 * continuing the publisher's trace), `processOnce` for idempotent effects, and retiring a
 * consumer. Separate because a consumer is a service's own loop, apart from the relay's.
 */
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENT_STREAM, type EventEnvelope, PHI_STREAM } from '@pv/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { type TraceCarrier, withConsumerSpan } from '../tracing.js';
import { type Delivery, PartAssembler } from './parts.js';
import { ensureEventStream, streamOf } from './streams.js';
import type { KitTables } from './tables.js';

export interface DurableSubscription {
  stop(): Promise<void>;
}

/**
 * A durable JetStream consumer: it remembers what it acknowledged, so a service that was down
 * receives everything published meanwhile. A failing handler's message is redelivered later.
 * Handlers must be idempotent; `processOnce` makes that easy.
 * @example await subscribeDurable(nc, { durable: 'analytics-logins', subjects: ['auth.user.logged-in.v1'], handler, log })
 */
export async function subscribeDurable(
  nc: NatsConnection,
  options: {
    durable: string;
    subjects: string[];
    handler: (event: EventEnvelope) => Promise<void>;
    log: Logger;
  },
): Promise<DurableSubscription> {
  const streams = new Set(options.subjects.map(streamOf));
  if (streams.size !== 1)
    throw new Error(
      `A durable consumer reads one stream; got subjects of ${[...streams].join(', ')}`,
    );
  const stream = [...streams][0] as string;
  await ensureEventStream(nc, [stream]);
  const jsm = await jetstreamManager(nc);
  const config = {
    durable_name: options.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: 30 * 1e9,
    max_deliver: -1,
    ...filterFor(nc, options.subjects),
  };
  const wanted = new Set(options.subjects);
  try {
    await jsm.consumers.info(stream, options.durable);
  } catch {
    await jsm.consumers.add(stream, config);
  }
  const consumer = await jetstream(nc).consumers.get(stream, options.durable);
  let messages: ConsumerMessages | undefined;
  let stopped = false;
  const assembler = new PartAssembler();
  const loop = (async () => {
    while (!stopped) {
      try {
        messages = await consumer.consume({ max_messages: 100 });
        for await (const msg of messages) await deliver(msg, { ...options, wanted, assembler });
      } catch (error) {
        if (!stopped) options.log.warn({ err: error }, 'consumer interrupted; resuming');
      }
      assembler.clear();
      if (!stopped) await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await messages?.close();
      await loop;
    },
  };
}

/**
 * One message of a durable consumer: skipped (acknowledged) when not asked for, held while its
 * event's other parts arrive, else handed to the handler, acknowledged or, failing, redelivered.
 */
async function deliver(
  msg: JsMsg,
  options: {
    durable: string;
    handler: (event: EventEnvelope) => Promise<void>;
    log: Logger;
    wanted: Set<string>;
    assembler: PartAssembler;
  },
): Promise<void> {
  if (!options.wanted.has(msg.subject)) {
    msg.ack();
    return;
  }
  const whole = options.assembler.add(msg);
  if (!whole) return; // a part of an event still arriving; acknowledged with the rest
  try {
    const event = JSON.parse(new TextDecoder().decode(whole.data)) as EventEnvelope;
    await withConsumerSpan(
      {
        system: 'nats',
        destination: msg.subject,
        id: event.id,
        carrier: traceCarrierOf(whole.msgs[0]),
        attributes: { 'messaging.consumer.group.name': options.durable },
      },
      () => options.handler(event),
    );
    for (const m of whole.msgs) m.ack();
  } catch (error) {
    options.log.error({ err: error, subject: msg.subject }, 'event handler failed; will retry');
    for (const m of whole.msgs) m.nak(2_000);
  }
}

/**
 * The consumer's subject filter: one subject on any server; several only where the server
 * supports `filter_subjects` (NATS 2.10+). On NATS 2.9 (Debian 12) a consumer of several subjects
 * reads its stream and skips (acknowledges) what it did not ask for: the restricted subjects
 * live in their own stream, so that never hands patient text to a consumer that did not ask.
 */
function filterFor(nc: NatsConnection, subjects: string[]) {
  if (subjects.length === 1) return { filter_subject: subjects[0] };
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10) ? { filter_subjects: subjects } : {};
}

/** The trace context a message carries in its headers (none when the publisher traced nothing). */
function traceCarrierOf(msg: Delivery | undefined): TraceCarrier | undefined {
  const traceparent = msg?.headers?.get('traceparent');
  if (!traceparent) return undefined;
  const tracestate = msg?.headers?.get('tracestate');
  return { traceparent, ...(tracestate ? { tracestate } : {}) };
}

/**
 * Runs an event's effects at most once: the event id is recorded in the same transaction, so a
 * redelivered event is skipped and a failed one leaves no trace.
 */
export async function processOnce<DB extends KitTables>(
  db: Kysely<DB>,
  event: EventEnvelope,
  effects: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await (trx as unknown as Transaction<KitTables>)
      .insertInto('processed_events')
      .values({ event_id: event.id, subject: event.subject, processed_at: new Date() })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await effects(trx);
    return true;
  });
}

/** Removes a durable consumer (tests clean up after themselves; operators retire a consumer). */
export async function deleteDurable(nc: NatsConnection, durable: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  await jsm.consumers.delete(EVENT_STREAM, durable).catch(() => undefined);
  await jsm.consumers.delete(PHI_STREAM, durable).catch(() => undefined);
}
