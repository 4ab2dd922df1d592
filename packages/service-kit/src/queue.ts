import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import './formats.js';
import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { Logger } from 'pino';

/**
 * BullMQ bundles its own ioredis, so it gets connection options rather than one of our clients.
 * `maxRetriesPerRequest: null` is what BullMQ workers require.
 */
export function bullmqConnection(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/**
 * A kind of background job: its queue, the payload it accepts and what it does.
 * @example export const RenderPdf = defineJob({ queue: 'pdf', name: 'render-pdf', payloadSchema, handler })
 */
export interface JobDefinition<P extends TSchema = TSchema, R = unknown> {
  queue: string;
  name: string;
  payloadSchema: P;
  // Method syntax on purpose: a worker takes definitions of any payload type in one list.
  handler(payload: Static<P>, job: Job): Promise<R>;
}

export function defineJob<P extends TSchema, R>(
  definition: JobDefinition<P, R>,
): JobDefinition<P, R> {
  return definition;
}

/** The producing side of one queue: enqueue a job and wait for its result. */
export class JobQueue {
  readonly queue: Queue;
  private readonly events: QueueEvents;

  constructor(
    readonly name: string,
    redisUrl: string,
  ) {
    this.queue = new Queue(name, { connection: bullmqConnection(redisUrl) });
    this.events = new QueueEvents(name, { connection: bullmqConnection(redisUrl) });
    // Every waiting caller adds a listener (BullMQ's waitUntilFinished does so per job); hundreds
    // of concurrent requests are normal here, not a leak.
    this.queue.setMaxListeners(0);
    this.events.setMaxListeners(0);
    // One progress listener for all jobs, dispatching by id, instead of one per waiting call.
    this.events.on('progress', ({ jobId, data }: { jobId: string; data: unknown }) => {
      this.progressHandlers.get(jobId)?.(data);
    });
  }

  private readonly progressHandlers = new Map<string, (data: unknown) => void>();

  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  /**
   * Enqueues a job and resolves with its result. Failed attempts are retried with exponential
   * backoff; a job whose worker died is picked up again once its lock expires.
   */
  async run<P extends TSchema, R>(
    definition: JobDefinition<P, R>,
    payload: Static<P>,
    options: {
      timeoutMs: number;
      attempts?: number;
      backoffMs?: number;
      /** Receives what the handler reports with job.updateProgress (e.g. streamed text). */
      onProgress?: (data: unknown) => void;
    },
  ): Promise<R> {
    const job = await this.queue.add(definition.name, payload, {
      attempts: options.attempts ?? 3,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 500 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600 },
    });
    const jobId = job.id ?? '';
    if (options.onProgress) this.progressHandlers.set(jobId, options.onProgress);
    try {
      return (await job.waitUntilFinished(this.events, options.timeoutMs)) as R;
    } finally {
      this.progressHandlers.delete(jobId);
    }
  }

  private workersSeen = { count: 0, at: 0 };

  /**
   * How many worker processes are connected to this queue (cached for a few seconds). A caller
   * with no worker to serve it is told at once instead of waiting out its timeout.
   */
  async workerCount(): Promise<number> {
    // A positive count is cached briefly to spare Redis on the hot path; zero is always re-read,
    // so a worker that has just started is seen at once.
    if (this.workersSeen.count === 0 || Date.now() - this.workersSeen.at > 3_000) {
      this.workersSeen = { count: (await this.queue.getWorkers()).length, at: Date.now() };
    }
    return this.workersSeen.count;
  }

  async close(): Promise<void> {
    await Promise.all([this.queue.close(), this.events.close()]);
  }
}

/**
 * Runs the handlers of the given job definitions for one queue. Payloads are validated before
 * the handler sees them; an invalid payload fails the job without retries.
 */
export function startWorker(
  queueName: string,
  redisUrl: string,
  definitions: JobDefinition[],
  options: {
    concurrency: number;
    log: Logger;
    lockDurationMs?: number;
    stalledIntervalMs?: number;
  },
): Worker {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const worker = new Worker(
    queueName,
    async (job) => {
      const definition = byName.get(job.name);
      if (!definition) throw new Error(`No handler for job ${job.name}`);
      if (!Value.Check(definition.payloadSchema, job.data)) {
        await job.discard();
        throw new Error(`Invalid payload for job ${job.name}`);
      }
      return definition.handler(job.data, job);
    },
    {
      connection: bullmqConnection(redisUrl),
      concurrency: options.concurrency,
      // A worker that dies keeps its job locked until the lock expires; another worker's
      // stalled-job check then moves it back to the queue. Both bound how long a caller waits.
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
    },
  );
  worker.on('failed', (job, error) =>
    options.log.warn({ jobId: job?.id, job: job?.name, err: error.message }, 'job attempt failed'),
  );
  return worker;
}
