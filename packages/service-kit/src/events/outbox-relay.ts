/**
 * The outbox relay: publishes committed outbox rows to JetStream (in parts when large), retries
 * what the broker refuses, moves what it refuses for good to the dead letters, and sweeps
 * published rows. Separate because it is the kit's one long-running publisher, with its own
 * timers, metrics and failure handling, that services start once and never call into.
 */
import { jetstream } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { type EventEnvelope, PHI_STREAM_SUBJECTS } from '@pv/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { Counter, Registry } from 'prom-client';
import { startProducerSpan, type TraceCarrier } from '../tracing.js';
import { EVENT_ID_HEADER, PART_HEADER, PARTS_HEADER } from './parts.js';
import { phiStreamMaxAgeHours } from './streams.js';
import type { KitTables } from './tables.js';

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
