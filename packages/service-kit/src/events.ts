import { createHash, randomUUID } from 'node:crypto';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import {
  EVENT_STREAM,
  EVENT_STREAM_SUBJECTS,
  type EventEnvelope,
  type EventPayload,
  type EventSubject,
  PHI_STREAM,
  PHI_STREAM_SUBJECTS,
} from '@pv/contracts';
import { type Generated, type Kysely, sql, type Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Logger } from 'pino';
import { Counter, Registry } from 'prom-client';
import {
  currentTraceparent,
  startProducerSpan,
  type TraceCarrier,
  withConsumerSpan,
} from './tracing.js';
import { natsTls } from './transport-security.js';

/** The tables the kit needs in every service database: the outbox and the processed-event log. */
export interface KitTables {
  outbox_events: {
    id: string;
    subject: string;
    /** Emptied in the transaction that marks the row published: no payload outlives delivery. */
    payload: unknown | null;
    occurred_at: Date;
    published_at: Date | null;
    attempts: Generated<number>;
    last_error: string | null;
    next_attempt_at: Date | null;
    /**
     * The W3C `traceparent` of the request that recorded the event (tracing on), so the event's
     * publish, later and from the relay, continues that request's trace; null when off.
     */
    traceparent: string | null;
  };
  /** Events the broker refused for good, with why: kept for an operator, never blocking the rest. */
  outbox_dead_letters: {
    id: string;
    subject: string;
    payload: unknown;
    occurred_at: Date;
    failed_at: Date;
    error: string;
  };
  processed_events: { event_id: string; subject: string; processed_at: Date };
  /**
   * Users erased here (LGPD art. 18): the SHA-256 of the id, never the id, so the tombstone
   * itself names no one, yet a late event about that id is recognised and ignored.
   */
  erased_users: { user_key: string; erased_at: Date };
}

/**
 * A kit migration: like a service's, it has a `down` or says in `irreversible` why it cannot
 * (docs/releasing.md; tools/stack/test/migrations.test.ts holds both to it).
 */
export type KitMigration = Migration & { irreversible?: string };

export const kitMigrations: Record<string, KitMigration> = {
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
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('processed_events').execute();
      await db.schema.dropTable('outbox_events').execute();
    },
  },
  '0000_0001_kit_outbox_retention_and_dead_letters': {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE outbox_events ALTER COLUMN payload DROP NOT NULL`.execute(db);
      await db.schema
        .alterTable('outbox_events')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'timestamptz')
        .execute();
      // Rows published before this migration still hold their payloads: empty them now.
      await sql`UPDATE outbox_events SET payload = NULL WHERE published_at IS NOT NULL`.execute(db);
      await sql`CREATE INDEX outbox_events_published ON outbox_events (published_at) WHERE published_at IS NOT NULL`.execute(
        db,
      );
      await db.schema
        .createTable('outbox_dead_letters')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .execute();
    },
    irreversible:
      'it emptied the payloads of published events, so payload can never be NOT NULL again, and ' +
      'its dead letters are events that failed for good: dropping them loses what an operator ' +
      'still has to replay',
  },
  '0000_0002_kit_erased_users': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('erased_users')
        .addColumn('user_key', 'text', (c) => c.primaryKey())
        .addColumn('erased_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
    irreversible:
      'the tombstones are what keep erased users erased (LGPD art. 18): without them a late or ' +
      'replayed event would bring a person back',
  },
  '0000_0003_kit_outbox_traceparent': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox_events').addColumn('traceparent', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox_events').dropColumn('traceparent').execute();
    },
  },
};

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
 * The outbox's own metrics, apart from any Fastify app (the relay runs in every process, workers
 * included); the metrics plugin exposes them beside its own at /metrics.
 */
export const outboxMetricsRegistry = new Registry();
const deadLetters = new Counter({
  name: 'pv_outbox_dead_letters',
  help: 'Events moved to the outbox dead-letter table because the broker refused them for good',
  labelNames: ['subject'],
  registers: [outboxMetricsRegistry],
});

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

/** A process's NATS identity (NATS_USER, NATS_PASSWORD); none on a NATS without authorization. */
export interface NatsCredentials {
  user?: string | undefined;
  password?: string | undefined;
}

/**
 * The inbox prefix of a NATS user: replies (JetStream acks, pulled messages) come to
 * `_INBOX_<user>.>`, the only inboxes its permissions let it subscribe to, so no identity can
 * read the replies (and the pulled events) of another (docs/nats-identity.md).
 */
export const natsInboxPrefix = (user: string) => `_INBOX_${user}`;

/** Connects to NATS, retrying for ever in the background once connected. */
export function connectNats(
  url: string,
  name: string,
  credentials: NatsCredentials = {},
): Promise<NatsConnection> {
  const { user, password } = credentials;
  return connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: 5_000,
    ...(user ? { user, pass: password ?? '', inboxPrefix: natsInboxPrefix(user) } : {}),
    // A tls:// server: TLS required, verified against the internal CA (transport-security.ts).
    ...natsTls(url),
  });
}

/** A refusal by the server's authorization (the identity may not publish or subscribe there). */
export function isPermissionViolation(error: unknown): boolean {
  return error instanceof Error && /permissions? violation/i.test(error.message);
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
 * How long the restricted stream (PV_PHI: events that carry patient text, read only by the vault)
 * keeps a message: PHI_STREAM_MAX_AGE_HOURS (default 6). Short on purpose: the text exists there
 * only to reach the vault; a vault down longer than that misses those consults rather than the
 * broker holding dictations for weeks. An existing stream keeps its own
 * (`nats stream edit PV_PHI --max-age 6h`).
 */
export function phiStreamMaxAgeHours(
  env: Record<string, string | undefined> = process.env,
): number {
  const raw = env.PHI_STREAM_MAX_AGE_HOURS?.trim();
  if (raw === undefined || raw === '') return 6;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 7) {
    throw new Error(
      `PHI_STREAM_MAX_AGE_HOURS must be a number of hours above 0, at most 168 (got "${raw}")`,
    );
  }
  return hours;
}

/** The stream that holds a subject: PV_PHI for restricted (patient text) subjects, else PV_EVENTS. */
export function streamOf(subject: string): string {
  return PHI_STREAM_SUBJECTS.some((s) => subject.startsWith(s.replace(/>$/, '')))
    ? PHI_STREAM
    : EVENT_STREAM;
}

async function ensureStream(
  nc: NatsConnection,
  config: { name: string; subjects: string[]; max_age: number },
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    // An existing stream keeps its settings but gains the subjects a newer release publishes
    // (a stream made by an older release would otherwise refuse them).
    const { config: existing } = await jsm.streams.info(config.name);
    const missing = config.subjects.filter((subject) => !existing.subjects.includes(subject));
    // Only the stream's owner may update it (docs/nats-identity.md); the others leave it to it.
    if (missing.length > 0)
      await jsm.streams
        .update(config.name, { subjects: [...existing.subjects, ...missing] })
        .catch((error: unknown) => {
          if (!isPermissionViolation(error)) throw error;
        });
  } catch (error) {
    // A stream this identity neither reads nor writes (PV_PHI for all but formatting and the
    // vault): its authorization hides it, and it is none of this process's business.
    if (isPermissionViolation(error)) return;
    try {
      await jsm.streams.add({
        ...config,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        // JetStream refuses a duplicate window longer than the max age (a PHI window of minutes).
        duplicate_window: Math.min(10 * 60 * 1e9, config.max_age),
        num_replicas: streamReplicas(),
      });
    } catch (createError) {
      // another replica created it first
      await jsm.streams.info(config.name).catch(() => {
        throw createError;
      });
    }
  }
}

/**
 * Creates the product's event streams (PV_EVENTS and the restricted PV_PHI), or leaves them as
 * they are. `streams` limits it to those a process uses: an identity asking about a stream its
 * authorization hides is refused (and the server logs the refusal as an error).
 */
export async function ensureEventStream(
  nc: NatsConnection,
  streams: readonly string[] = [EVENT_STREAM, PHI_STREAM],
): Promise<void> {
  if (streams.includes(EVENT_STREAM))
    await ensureStream(nc, {
      name: EVENT_STREAM,
      subjects: EVENT_STREAM_SUBJECTS,
      max_age: 30 * 24 * 3600 * 1e9, // 30 days: a consumer may be down that long and still catch up
    });
  if (streams.includes(PHI_STREAM))
    await ensureStream(nc, {
      name: PHI_STREAM,
      subjects: PHI_STREAM_SUBJECTS,
      max_age: Math.round(phiStreamMaxAgeHours() * 3600 * 1e9),
    });
}

/** Headers of an event published in parts (an envelope larger than the broker's message limit). */
const PART_HEADER = 'Pv-Part';
const PARTS_HEADER = 'Pv-Parts';
const EVENT_ID_HEADER = 'Pv-Event-Id';
// Room for the headers and the protocol line within the server's max_payload.
const PART_HEADROOM_BYTES = 4_096;

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** A publish error that says the broker (not this event) is the problem: wait, do not count. */
function brokerUnavailable(error: unknown): boolean {
  return /timeout|no responders|503|closed|disconnect|connection/i.test(errorText(error));
}

/**
 * Publishes committed outbox rows to JetStream, oldest first. The event id is the JetStream
 * message id, so a row published twice (a crash between publish and mark) is dropped by the
 * stream's duplicate window. When NATS is unreachable rows stay pending and are retried.
 *
 * It never blocks: an envelope above the server's message limit goes out in parts (reassembled
 * by `subscribeDurable`); a row the broker refuses while it is otherwise healthy is retried
 * `maxAttempts` times with backoff, then moved to `outbox_dead_letters` with its error (counted by
 * `pv_outbox_dead_letters`) and the relay moves on. A published row loses its payload in the
 * transaction that marks it, and is deleted `retentionSeconds` later.
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
  private readonly retentionSeconds: number;
  private readonly phiDeadLetterSeconds: number;
  private readonly maxAttempts: number;
  private readonly maxMessageBytes: number | undefined;
  private readonly maxParts: number;

  constructor(options: {
    db: Kysely<KitTables>;
    /** The connection to publish on, or undefined while NATS is unreachable. */
    nats: () => NatsConnection | undefined;
    log: Logger;
    /** How often pending rows are looked for besides each `kick()`. */
    intervalMs?: number;
    /** How long a published (already emptied) row stays before it is deleted; default 60. */
    retentionSeconds?: number;
    /**
     * How long a dead letter of a restricted subject (`phi.*`: patient text) is kept before it
     * is deleted; default the PV_PHI stream's own max age (PHI_STREAM_MAX_AGE_HOURS).
     */
    phiDeadLetterSeconds?: number;
    /** Refusals by a healthy broker before a row becomes a dead letter; default 3. */
    maxAttempts?: number;
    /** Caps the size of one message below the server's max_payload (tests of splitting). */
    maxMessageBytes?: number;
    /** Most parts an event may be split into before it is a dead letter; default 64. */
    maxParts?: number;
  }) {
    this.db = options.db;
    this.getNats = options.nats;
    this.log = options.log;
    this.intervalMs = options.intervalMs ?? 1_000;
    this.retentionSeconds = options.retentionSeconds ?? 60;
    this.phiDeadLetterSeconds = options.phiDeadLetterSeconds ?? phiStreamMaxAgeHours() * 3_600;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.maxMessageBytes = options.maxMessageBytes;
    this.maxParts = options.maxParts ?? 64;
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
      .then(() => this.sweep())
      .catch((error) => this.log.warn({ err: error }, 'outbox publish deferred'))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * Deletes published rows older than the retention window, and dead letters of restricted
   * subjects older than the PHI window: the stream would have dropped such an event by then
   * (the vault misses that consult either way), and patient text must not outlive it in a
   * table an operator may never look at. Returns how many outbox rows went.
   */
  async sweep(): Promise<number> {
    const result = await this.db
      .deleteFrom('outbox_events')
      .where('published_at', '<', new Date(Date.now() - this.retentionSeconds * 1_000))
      .executeTakeFirst();
    const expired = await this.db
      .deleteFrom('outbox_dead_letters')
      .where((eb) =>
        eb.or(PHI_STREAM_SUBJECTS.map((s) => eb('subject', 'like', `${s.replace(/>$/, '')}%`))),
      )
      .where('failed_at', '<', new Date(Date.now() - this.phiDeadLetterSeconds * 1_000))
      .returning(['id', 'subject'])
      .execute();
    for (const row of expired)
      this.log.warn(
        { eventId: row.id, subject: row.subject },
        'restricted dead letter past the PHI window deleted (its patient text with it)',
      );
    return Number(result.numDeletedRows);
  }

  private async healthy(nc: NatsConnection): Promise<boolean> {
    if (nc.isClosed()) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        nc.rtt().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), 1_000);
        }),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Publishes one envelope, in parts when it exceeds a message; throws what the broker said. */
  private async publish(
    nc: NatsConnection,
    js: ReturnType<typeof jetstream>,
    row: { id: string; subject: string; traceparent?: string | null },
    data: Uint8Array,
  ): Promise<void> {
    // Tracing on: a PRODUCER span continuing the trace of the request that recorded the event,
    // its context in the message headers (every part's) for the consumers.
    const span = startProducerSpan({
      system: 'nats',
      operation: 'publish',
      destination: row.subject,
      id: row.id,
      parent: row.traceparent ?? null,
    });
    try {
      await this.publishParts(nc, js, row, data, span?.carrier);
    } catch (error) {
      span?.end(error);
      throw error;
    }
    span?.end();
  }

  private async publishParts(
    nc: NatsConnection,
    js: ReturnType<typeof jetstream>,
    row: { id: string; subject: string },
    data: Uint8Array,
    trace: TraceCarrier | undefined,
  ): Promise<void> {
    const limit = Math.min(
      (nc.info?.max_payload ?? 1024 * 1024) - PART_HEADROOM_BYTES,
      this.maxMessageBytes ?? Number.POSITIVE_INFINITY,
    );
    const traceHeaders = (h = headers()) => {
      for (const [key, value] of Object.entries(trace ?? {})) h.set(key, value);
      return h;
    };
    if (data.byteLength <= limit) {
      await js.publish(row.subject, data, {
        msgID: row.id,
        ...(trace ? { headers: traceHeaders() } : {}),
      });
      return;
    }
    const parts = Math.ceil(data.byteLength / limit);
    if (parts > this.maxParts) {
      throw new OversizedEventError(
        `event of ${data.byteLength} bytes needs ${parts} parts (at most ${this.maxParts})`,
      );
    }
    for (let i = 0; i < parts; i++) {
      const h = traceHeaders();
      h.set(EVENT_ID_HEADER, row.id);
      h.set(PART_HEADER, String(i));
      h.set(PARTS_HEADER, String(parts));
      await js.publish(row.subject, data.subarray(i * limit, (i + 1) * limit), {
        msgID: `${row.id}:${i}`,
        headers: h,
      });
    }
  }

  /** Publishes pending rows; resolves with how many were published. */
  async flush(batchSize = 200): Promise<number> {
    const nc = this.getNats();
    if (!nc || nc.isClosed()) return 0;
    const js = jetstream(nc, { timeout: 3_000 });
    let published = 0;
    for (;;) {
      const { count, seen, failure } = await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('outbox_events')
          .selectAll()
          .where('published_at', 'is', null)
          .where((eb) =>
            eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', new Date())]),
          )
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
            await this.publish(nc, js, row, new TextEncoder().encode(JSON.stringify(envelope)));
          } catch (error) {
            if (!(error instanceof OversizedEventError)) {
              if (brokerUnavailable(error) || !(await this.healthy(nc))) {
                failure = error;
                break;
              }
            }
            await this.refused(trx, row, error);
            continue;
          }
          done.push(row.id);
        }
        // What the stream acknowledged is marked and committed even when a later publish failed;
        // its payload goes in the same statement, so no text outlives its delivery.
        if (done.length > 0) {
          await trx
            .updateTable('outbox_events')
            .set({ published_at: new Date(), payload: null })
            .where('id', 'in', done)
            .execute();
        }
        return { count: done.length, seen: rows.length, failure: failure ?? null };
      });
      if (failure) throw failure;
      published += count;
      if (seen < batchSize) return published;
    }
  }

  /** A row the broker refused: retried later, or a dead letter once out of attempts. */
  private async refused(
    trx: Transaction<KitTables>,
    row: { id: string; subject: string; payload: unknown; occurred_at: Date; attempts: number },
    error: unknown,
  ): Promise<void> {
    const attempts = row.attempts + 1;
    const message = errorText(error);
    if (error instanceof OversizedEventError || attempts >= this.maxAttempts) {
      await trx
        .insertInto('outbox_dead_letters')
        .values({
          id: row.id,
          subject: row.subject,
          payload: JSON.stringify(row.payload),
          occurred_at: row.occurred_at,
          failed_at: new Date(),
          error: message,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx.deleteFrom('outbox_events').where('id', '=', row.id).execute();
      deadLetters.inc({ subject: row.subject });
      // The subject and id only: the payload may carry patient text.
      this.log.error(
        { eventId: row.id, subject: row.subject, err: message },
        'outbox event moved to dead letters',
      );
      return;
    }
    await trx
      .updateTable('outbox_events')
      .set({
        attempts,
        last_error: message,
        next_attempt_at: new Date(Date.now() + 2 ** attempts * 1_000),
      })
      .where('id', '=', row.id)
      .execute();
    this.log.warn(
      { eventId: row.id, subject: row.subject, err: message, attempts },
      'outbox event refused; will retry',
    );
  }
}

/** An event too large to publish even in parts. */
class OversizedEventError extends Error {
  override readonly name = 'OversizedEventError';
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
        for await (const msg of messages) {
          if (!wanted.has(msg.subject)) {
            msg.ack();
            continue;
          }
          const whole = assembler.add(msg);
          if (!whole) continue; // a part of an event still arriving; acknowledged with the rest
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
            options.log.error(
              { err: error, subject: msg.subject },
              'event handler failed; will retry',
            );
            for (const m of whole.msgs) m.nak(2_000);
          }
        }
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

type Delivery = {
  data: Uint8Array;
  headers?: { get(k: string): string } | undefined;
  ack(): void;
  nak(ms?: number): void;
};

/**
 * Puts back together an event the relay published in parts. Parts stay unacknowledged until the
 * whole event is handled, so a consumer that stops half-way receives them all again.
 */
class PartAssembler {
  private readonly pending = new Map<
    string,
    { parts: (Uint8Array | undefined)[]; msgs: Delivery[] }
  >();

  add(msg: Delivery): { data: Uint8Array; msgs: Delivery[] } | undefined {
    const id = msg.headers?.get(EVENT_ID_HEADER);
    if (!id) return { data: msg.data, msgs: [msg] };
    const index = Number(msg.headers?.get(PART_HEADER));
    const count = Number(msg.headers?.get(PARTS_HEADER));
    let entry = this.pending.get(id);
    if (!entry) {
      entry = { parts: new Array(count).fill(undefined), msgs: [] };
      this.pending.set(id, entry);
    }
    entry.parts[index] = msg.data;
    entry.msgs.push(msg);
    if (entry.parts.some((p) => p === undefined)) return undefined;
    this.pending.delete(id);
    return { data: Buffer.concat(entry.parts as Uint8Array[]), msgs: entry.msgs };
  }

  /** After an interruption: the unacknowledged parts will be delivered again. */
  clear(): void {
    this.pending.clear();
  }
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
