import { type Kysely, sql } from 'kysely';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { KitTables } from './events/tables.js';
import type { JobQueue } from './queue.js';

/**
 * The product's own metrics (pv_*), next to the request histogram every service has. Each reads
 * its figures when Prometheus scrapes (a `collect` callback), so nothing runs between scrapes.
 * Dashboards and alerts that use them: infra/observability/.
 */

const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;

/**
 * pv_queue_jobs{queue,state}: jobs of the queue by state, as BullMQ counts them. KEDA scales on
 * waiting + active; an alert watches waiting jobs that stay.
 * @example registerQueueMetrics(app.metrics, queue)
 */
export function registerQueueMetrics(registry: Registry, queue: JobQueue): void {
  new Gauge({
    name: 'pv_queue_jobs',
    help: 'Jobs in a BullMQ queue by state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await queue.queue.getJobCounts(...JOB_STATES).catch(() => undefined);
      if (!counts) return;
      for (const state of JOB_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
    },
  });
}

/**
 * pv_outbox_pending and pv_outbox_oldest_age_seconds: events committed but not yet on NATS, and
 * how long the oldest has waited. Both grow while NATS is down and fall to 0 when it is back.
 * pv_outbox_dead_letters_waiting: rows in outbox_dead_letters, which only an operator's replay or
 * delete (`npm run dead-letters`) brings back to 0; what the dead-letter alert watches (the
 * `pv_outbox_dead_letters` counter only ever grows within a process).
 */
export function registerOutboxMetrics(registry: Registry, db: Kysely<KitTables>): void {
  type Figures = { pending: number; oldest: number | null; dead: number };
  const read = async () => {
    const { rows } = await sql<Figures>`
      SELECT count(*)::int AS pending,
             extract(epoch FROM now() - min(occurred_at))::float8 AS oldest,
             (SELECT count(*)::int FROM outbox_dead_letters) AS dead
        FROM outbox_events WHERE published_at IS NULL`.execute(db);
    return rows[0] ?? { pending: 0, oldest: null, dead: 0 };
  };
  // One query serves the gauges of a scrape.
  let current: Promise<Figures> | undefined;
  const once = () => {
    current ??= read().finally(() => {
      setTimeout(() => {
        current = undefined;
      }, 1_000).unref();
    });
    return current;
  };
  new Gauge({
    name: 'pv_outbox_pending',
    help: 'Events committed to the outbox and not yet published to NATS',
    registers: [registry],
    async collect() {
      const figures = await once().catch(() => undefined);
      if (figures) this.set(figures.pending);
    },
  });
  new Gauge({
    name: 'pv_outbox_oldest_age_seconds',
    help: 'Age of the oldest unpublished outbox event (0 when none)',
    registers: [registry],
    async collect() {
      const figures = await once().catch(() => undefined);
      if (figures) this.set(figures.oldest ?? 0);
    },
  });
  new Gauge({
    name: 'pv_outbox_dead_letters_waiting',
    help: 'Events in the outbox dead-letter table, waiting for an operator to replay or delete them',
    registers: [registry],
    async collect() {
      const figures = await once().catch(() => undefined);
      if (figures) this.set(figures.dead);
    },
  });
}

/** What an LLM call cost, as a formatting job reports it. */
export interface LlmCall {
  purpose: string;
  model: string;
  /** 'ok', or the declared failure's kind (timeout, rate-limited, invalid-output...). */
  outcome: string;
  seconds: number;
  promptTokens?: number;
  completionTokens?: number;
  costUsd?: number;
}

/**
 * pv_llm_request_duration_seconds{purpose,model,outcome}, pv_llm_tokens_total{model,kind} and
 * pv_llm_cost_usd_total{model}. The duration is what the waiting request saw (queue wait
 * included): the figure a clinician feels, and the one the 110 s budget is about.
 */
export function createLlmMetrics(registry: Registry): { observe(call: LlmCall): void } {
  const duration = new Histogram({
    name: 'pv_llm_request_duration_seconds',
    help: 'LLM-backed job duration as the caller saw it, by purpose, model and outcome',
    labelNames: ['purpose', 'model', 'outcome'],
    buckets: [0.5, 1, 2.5, 5, 10, 20, 30, 45, 60, 90, 120],
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'pv_llm_tokens_total',
    help: 'LLM tokens used, by model and kind (prompt, completion)',
    labelNames: ['model', 'kind'],
    registers: [registry],
  });
  const cost = new Counter({
    name: 'pv_llm_cost_usd_total',
    help: 'Estimated LLM cost in US dollars, by model',
    labelNames: ['model'],
    registers: [registry],
  });
  return {
    observe(call) {
      duration.observe(
        { purpose: call.purpose, model: call.model, outcome: call.outcome },
        call.seconds,
      );
      if (call.promptTokens) tokens.inc({ model: call.model, kind: 'prompt' }, call.promptTokens);
      if (call.completionTokens)
        tokens.inc({ model: call.model, kind: 'completion' }, call.completionTokens);
      if (call.costUsd) cost.inc({ model: call.model }, call.costUsd);
    },
  };
}

/**
 * pv_pdf_render_seconds{kind,outcome}: a PDF from request to bytes, queue wait included.
 */
export function createPdfMetrics(registry: Registry): {
  observe(kind: string, outcome: string, seconds: number): void;
} {
  const duration = new Histogram({
    name: 'pv_pdf_render_seconds',
    help: 'PDF render time as the caller saw it (queue wait included), by kind and outcome',
    labelNames: ['kind', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  return { observe: (kind, outcome, seconds) => duration.observe({ kind, outcome }, seconds) };
}
