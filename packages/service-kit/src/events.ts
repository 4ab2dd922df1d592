import { randomUUID } from 'node:crypto';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  EVENT_STREAM,
  EVENT_STREAM_SUBJECTS,
  type EventEnvelope,
  type EventPayload,
  type EventSubject,
} from '@pv/contracts';
import { type Kysely, type Migration, sql, type Transaction } from 'kysely';
import type { Logger } from 'pino';

/** The tables the kit needs in every service database: the outbox and the processed-event log. */
export interface KitTables {
  outbox_events: {
    id: string;
    subject: string;
    payload: unknown;
    occurred_at: Date;
    published_at: Date | null;
  };
  processed_events: { event_id: string; subject: string; processed_at: Date };
}

export const kitMigrations: Record<string, Migration> = {
  '0000_0000_kit_outbox_and_inbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox_events')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .addColumn('published_at', 'timestamptz')
        .execute();
      await sql`CREATE INDEX outbox_events_pending ON outbox_events (occurred_at) WHERE published_at IS NULL`.execute(
        db,
      );
      await db.schema
        .createTable('processed_events')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};

/**
 * Records an event in the same transaction as the change it describes. The relay publishes it
 * after commit; if the transaction rolls back, the event never existed.
 * @example await enqueueEvent(trx, 'auth.user.logged-in.v1', { userId, ipAddress, userAgent })
 */
export async function enqueueEvent<DB extends KitTables, S extends EventSubject>(
  trx: Kysely<DB> | Transaction<DB>,
  subject: S,
  payload: EventPayload<S>,
): Promise<EventEnvelope<EventPayload<S>>> {
  const envelope = { id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload };
  await (trx as unknown as Kysely<KitTables>)
    .insertInto('outbox_events')
    .values({
      id: envelope.id,
      subject,
      payload: JSON.stringify(payload),
      occurred_at: new Date(envelope.occurredAt),
      published_at: null,
    })
    .execute();
  return envelope;
}

/** Connects to NATS, retrying for ever in the background once connected. */
export function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: 5_000,
  });
}

/**
 * JetStream replicas of the event stream when a service creates it: NATS_STREAM_REPLICAS (1 to 5,
 * default 1; 3 on a clustered NATS, see infra/k8s). An existing stream keeps its own; raise it with
 * `nats stream edit PV_EVENTS --replicas 3` (infra/README.md).
 */
export function streamReplicas(env: Record<string, string | undefined> = process.env): number {
  const raw = env.NATS_STREAM_REPLICAS?.trim();
  if (raw === undefined || raw === '') return 1;
  const replicas = Number(raw);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5) {
    throw new Error(`NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (got "${raw}")`);
  }
  return replicas;
}

/**
 * Creates the product's event stream, or adds the subjects a newer release publishes to the one
 * that exists (a stream made by an older release would otherwise refuse them); everything else
 * about an existing stream is left as it is.
 */
export async function ensureEventStream(nc: NatsConnection): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    const { config } = await jsm.streams.info(EVENT_STREAM);
    const missing = EVENT_STREAM_SUBJECTS.filter((subject) => !config.subjects.includes(subject));
    if (missing.length > 0)
      await jsm.streams.update(EVENT_STREAM, { subjects: [...config.subjects, ...missing] });
  } catch {
    try {
      await jsm.streams.add({
        name: EVENT_STREAM,
        subjects: EVENT_STREAM_SUBJECTS,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        max_age: 30 * 24 * 3600 * 1e9, // 30 days: a consumer may be down that long and still catch up
        duplicate_window: 10 * 60 * 1e9,
        num_replicas: streamReplicas(),
      });
    } catch (error) {
      // another replica created it first
      await jsm.streams.info(EVENT_STREAM).catch(() => {
        throw error;
      });
    }
  }
}

/**
 * Publishes committed outbox rows to JetStream, oldest first. The event id is the JetStream
 * message id, so a row published twice (a crash between publish and mark) is dropped by the
 * stream's duplicate window. When NATS is unreachable rows stay pending and are retried.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;
  private stopped = false;

  private readonly db: Kysely<KitTables>;
  private readonly getNats: () => NatsConnection | undefined;
  private readonly log: Logger;
  private readonly intervalMs: number;

  constructor(options: {
    db: Kysely<KitTables>;
    /** The connection to publish on, or undefined while NATS is unreachable. */
    nats: () => NatsConnection | undefined;
    log: Logger;
    /** How often pending rows are looked for besides each `kick()`. */
    intervalMs?: number;
  }) {
    this.db = options.db;
    this.getNats = options.nats;
    this.log = options.log;
    this.intervalMs = options.intervalMs ?? 1_000;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }

  /** Publish now (called after a commit that enqueued events). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.flush()
      .catch((error) => this.log.warn({ err: error }, 'outbox publish deferred'))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Publishes pending rows; resolves with how many were published. */
  async flush(batchSize = 200): Promise<number> {
    const nc = this.getNats();
    if (!nc || nc.isClosed()) return 0;
    const js = jetstream(nc, { timeout: 3_000 });
    let published = 0;
    for (;;) {
      const { count, failure } = await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('outbox_events')
          .selectAll()
          .where('published_at', 'is', null)
          .orderBy('occurred_at')
          .limit(batchSize)
          .forUpdate()
          .skipLocked()
          .execute();
        const done: string[] = [];
        let failure: unknown;
        for (const row of rows) {
          const envelope: EventEnvelope = {
            id: row.id,
            subject: row.subject,
            occurredAt: row.occurred_at.toISOString(),
            payload: row.payload,
          };
          try {
            await js.publish(row.subject, JSON.stringify(envelope), { msgID: row.id });
          } catch (error) {
            failure = error;
            break;
          }
          done.push(row.id);
        }
        // What the stream acknowledged is marked and committed even when a later publish failed.
        if (done.length > 0) {
          await trx
            .updateTable('outbox_events')
            .set({ published_at: new Date() })
            .where('id', 'in', done)
            .execute();
        }
        return { count: done.length, failure: failure ?? null };
      });
      if (failure) throw failure;
      published += count;
      if (count < batchSize) return published;
    }
  }
}

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
  await ensureEventStream(nc);
  const jsm = await jetstreamManager(nc);
  const config = {
    durable_name: options.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: 30 * 1e9,
    max_deliver: -1,
    // NATS 2.9 (Debian 12) filters on one subject only; with several, the consumer reads the
    // stream and skips (acknowledges) what it did not ask for.
    ...(options.subjects.length === 1 ? { filter_subject: options.subjects[0] } : {}),
  };
  const wanted = new Set(options.subjects);
  try {
    await jsm.consumers.info(EVENT_STREAM, options.durable);
  } catch {
    await jsm.consumers.add(EVENT_STREAM, config);
  }
  const consumer = await jetstream(nc).consumers.get(EVENT_STREAM, options.durable);
  let messages: ConsumerMessages | undefined;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        messages = await consumer.consume({ max_messages: 100 });
        for await (const msg of messages) {
          if (!wanted.has(msg.subject)) {
            msg.ack();
            continue;
          }
          try {
            const event = JSON.parse(msg.string()) as EventEnvelope;
            await options.handler(event);
            msg.ack();
          } catch (error) {
            options.log.error(
              { err: error, subject: msg.subject },
              'event handler failed; will retry',
            );
            msg.nak(2_000);
          }
        }
      } catch (error) {
        if (!stopped) options.log.warn({ err: error }, 'consumer interrupted; resuming');
      }
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
}
