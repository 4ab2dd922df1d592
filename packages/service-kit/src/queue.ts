import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import './formats.js';
import { type Job, Queue, QueueEvents, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import type { Logger } from 'pino';
import {
  type BoundJob,
  JobCrashedError,
  type JobDefinition,
  JobFailedError,
  type JobOutcome,
  JobTimeoutError,
  resultOf,
} from './jobs.js';

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

// BullMQ's own wait gets a little longer than ours, so the typed timeout always speaks first and
// BullMQ still removes its listeners of a job that never finishes.
const WAIT_GRACE_MS = 5_000;

/** The producing side of one queue: enqueue a job and wait for its result. */
export class JobQueue {
  readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly progressHandlers = new Map<string, (data: unknown) => void>();

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

  /**
   * A producer connected and ready to enqueue.
   * @example const queue = await JobQueue.open(config.PDF_QUEUE, config.REDIS_URL)
   */
  static async open(name: string, redisUrl: string): Promise<JobQueue> {
    const queue = new JobQueue(name, redisUrl);
    await queue.ready();
    return queue;
  }

  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  /**
   * Enqueues a job and resolves with its result, checked against the definition's result schema.
   * Crashed attempts are retried with exponential backoff, and a job whose worker died is picked
   * up again once its lock expires. Rejects with JobFailedError (the failure the handler
   * declared), JobCrashedError or JobTimeoutError.
   */
  async run<P extends TSchema, R extends TSchema>(
    definition: JobDefinition<P, R>,
    payload: Static<P>,
    options: {
      timeoutMs: number;
      attempts?: number;
      backoffMs?: number;
      /** Receives what the handler reports with context.reportProgress (e.g. streamed text). */
      onProgress?: (data: unknown) => void;
    },
  ): Promise<Static<R>> {
    const job = await this.queue.add(definition.name, payload, {
      attempts: options.attempts ?? 3,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 500 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600 },
    });
    const jobId = job.id ?? '';
    if (options.onProgress) this.progressHandlers.set(jobId, options.onProgress);
    let timer: NodeJS.Timeout | undefined;
    try {
      const finished = job
        .waitUntilFinished(this.events, options.timeoutMs + WAIT_GRACE_MS)
        .catch((error: unknown) => {
          throw new JobCrashedError(definition.name, (error as Error).message ?? String(error));
        });
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new JobTimeoutError(definition.name, options.timeoutMs)),
          options.timeoutMs,
        );
      });
      return resultOf(definition, await Promise.race([finished, timedOut]));
    } finally {
      clearTimeout(timer);
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

  /** Deletes the queue with every job in it, then closes: for a test's or a benchmark's own queue. */
  async discard(): Promise<void> {
    await this.queue.obliterate({ force: true }).catch(() => undefined);
    await this.close();
  }
}

export interface WorkerOptions {
  /** The queue's running name (from config; the definitions' `queue` is its default). */
  queue: string;
  redisUrl: string;
  jobs: BoundJob[];
  concurrency: number;
  log: Logger;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/** A worker that can drain: see `drain`. */
export type DrainableWorker = Worker & {
  /**
   * Stops taking jobs and lets the running ones finish; whatever still runs after `graceMs` is
   * handed back to the queue at once (not left locked until its lock expires) for another worker,
   * or this one when it is back, to run again; the caller waiting on it is not told anything.
   * Resolves with how many jobs were handed back.
   */
  drain(graceMs: number): Promise<number>;
};

/**
 * Runs the handlers bound to one queue. Payloads are validated before a handler sees them (an
 * invalid one fails the job without retries). A declared failure (JobFailedError) ends the job
 * with that failure as its value, unretried; anything else thrown is a crash, retried.
 * @example const worker = startWorker({ queue: config.PDF_QUEUE, redisUrl, jobs: [handleJob(RenderPdfJob, render)], concurrency: 2, log })
 */
export function startWorker(options: WorkerOptions): DrainableWorker {
  const byName = new Map(options.jobs.map((bound) => [bound.definition.name, bound]));
  // The jobs running now, with what hands each back: the handler keeps running, but the processor
  // settles with WaitingError so BullMQ leaves the job where moveToWait put it.
  const running = new Map<string, { job: Job; token: string; handBack: () => void }>();
  const worker = new Worker(
    options.queue,
    async (job, token): Promise<JobOutcome> => {
      const bound = byName.get(job.name);
      if (!bound) throw new UnrecoverableError(`No handler for job ${job.name}`);
      if (!Value.Check(bound.definition.payloadSchema, job.data))
        throw new UnrecoverableError(`Invalid payload for job ${job.name}`);
      const context = {
        id: job.id ?? '',
        reportProgress: (data: unknown) => job.updateProgress(data as object),
      };
      let handBack: () => void = () => {};
      const handedBack = new Promise<never>((_, reject) => {
        handBack = () => reject(new WaitingError());
      });
      running.set(job.id ?? '', { job, token: token ?? '', handBack });
      try {
        return await Promise.race([handedBack, settle(bound, job.data, context)]);
      } finally {
        running.delete(job.id ?? '');
      }
    },
    {
      connection: bullmqConnection(options.redisUrl),
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
  const drain = async (graceMs: number): Promise<number> => {
    const closing = worker.close();
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      closing.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (!late) return 0;
    const left = [...running.values()];
    options.log.warn(
      { jobs: left.map((r) => r.job.id), graceMs },
      'drain grace over; handing running jobs back to the queue',
    );
    await Promise.all(
      left.map(async ({ job, token, handBack }) => {
        await job
          .moveToWait(token)
          .catch((error: Error) =>
            options.log.warn({ jobId: job.id, err: error.message }, 'could not hand a job back'),
          );
        handBack();
      }),
    );
    await closing;
    return left.length;
  };
  return Object.assign(worker, { drain });
}

/** Runs a handler and turns a declared failure into the job's value. */
async function settle(
  bound: BoundJob,
  payload: unknown,
  context: { id: string; reportProgress: (data: unknown) => Promise<void> },
): Promise<JobOutcome> {
  try {
    return { ok: true, result: await bound.handle(payload, context) };
  } catch (error) {
    if (error instanceof JobFailedError) return { ok: false, failure: error.failure };
    throw error;
  }
}
