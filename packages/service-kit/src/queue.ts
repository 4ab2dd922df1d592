/**
 * The producing side of a job queue: enqueue a job and wait for its outcome (JobQueue). The
 * worker side is worker.ts, the keys both share job-store.ts.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { type Job, Queue, QueueEvents } from 'bullmq';
import {
  ABANDONED_TTL_MS,
  bullmqConnection,
  isReference,
  jobAbandonedKey,
  jobProgressKey,
  jobResultKey,
} from './job-store.js';
import { JobCrashedError, type JobDefinition, JobTimeoutError, resultOf } from './jobs.js';
import { startProducerSpan } from './tracing.js';

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
    // The event carries only a sequence number; the text is read from the job's progress key.
    this.events.on('progress', ({ jobId }: { jobId: string }) => {
      const handler = this.progressHandlers.get(jobId);
      if (!handler) return;
      void this.queue
        .getBackend()
        .client.then((client) => client.get(jobProgressKey(this.name, jobId)))
        .then((raw) => {
          if (raw !== null) handler(JSON.parse(raw));
        })
        .catch(() => undefined);
    });
  }

  /**
   * Takes a finished job's outcome from its key, deleting it: no one reads it twice. A job with
   * an id of the caller's (`keep`) may have two callers (the first one gone, its retry joining):
   * its outcome stays until it expires (the worker's result TTL), so both can read it.
   */
  private async takeOutcome(jobId: string, keep = false): Promise<unknown> {
    const client = await this.queue.getBackend().client;
    const key = jobResultKey(this.name, jobId);
    // Only the one caller waiting for this job id reads it, so GET then DEL is enough.
    const raw = await client.get(key);
    if (raw !== null && !keep) await client.del(key);
    return raw === null ? undefined : JSON.parse(raw);
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
      /**
       * The job's own id (no ':'), for a caller that may come back for it: a retry with the same
       * id joins the job while it waits or runs, or takes its outcome if it finished and nobody
       * read it (a caller that went away), instead of running it again.
       */
      jobId?: string;
    },
  ): Promise<Static<R>> {
    const keep = options.jobId !== undefined;
    if (options.jobId) {
      const left = await this.takeOutcome(options.jobId, keep);
      if (left !== undefined) return resultOf(definition, left);
    }
    const job = await this.enqueue(definition, payload, options);
    const jobId = job.id ?? '';
    if (options.onProgress) this.progressHandlers.set(jobId, options.onProgress);
    let timer: NodeJS.Timeout | undefined;
    try {
      const finished = job
        .waitUntilFinished(this.events, options.timeoutMs + WAIT_GRACE_MS)
        .then(async (returned: unknown) => {
          if (!isReference(returned)) return returned;
          const outcome = await this.takeOutcome(jobId, keep);
          if (outcome === undefined)
            throw new JobCrashedError(definition.name, 'the result expired before it was read');
          return outcome;
        })
        .catch(async (error: unknown) => {
          if (error instanceof JobCrashedError) throw error;
          // A job that finished (and was removed) before our listener was in place reads as
          // missing to BullMQ; its outcome is still waiting in its key.
          const outcome = await this.takeOutcome(jobId, keep).catch(() => undefined);
          if (outcome !== undefined) return outcome;
          throw new JobCrashedError(definition.name, (error as Error).message ?? String(error));
        });
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new JobTimeoutError(definition.name, options.timeoutMs)),
          options.timeoutMs,
        );
      });
      return resultOf(definition, await Promise.race([finished, timedOut]));
    } catch (error) {
      // Nobody waits any more: a job still waiting (no worker took it) goes now, with its
      // payload, instead of sitting in Redis. A running one is locked (this fails) and is
      // removed when it ends; unless a caller may come back for it (`jobId`), what it would
      // write is refused (see SET_UNLESS_ABANDONED) and what it already wrote deleted.
      if (error instanceof JobTimeoutError) {
        await job.remove().catch(() => undefined);
        if (!keep) await this.abandon(jobId).catch(() => undefined);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      this.progressHandlers.delete(jobId);
      if (options.onProgress)
        await this.queue
          .getBackend()
          .client.then((client) => client.del(jobProgressKey(this.name, jobId)))
          .catch(() => undefined);
    }
  }

  /** Adds the job to the queue (`run`'s first step), under a PRODUCER span when tracing is on. */
  private async enqueue(
    definition: JobDefinition<TSchema, TSchema>,
    payload: unknown,
    options: { attempts?: number; backoffMs?: number; jobId?: string },
  ): Promise<Job> {
    // Tracing on: the trace context travels in the job's telemetry metadata (BullMQ keeps it
    // with the job's options, apart from the payload the worker validates).
    const producer = startProducerSpan({
      system: 'bullmq',
      operation: 'send',
      destination: this.name,
      attributes: { 'pv.job.name': definition.name },
    });
    let job: Job;
    try {
      job = await this.queue.add(definition.name, payload, {
        attempts: options.attempts ?? 3,
        backoff: { type: 'exponential', delay: options.backoffMs ?? 500 },
        // The caller has the payload and receives the outcome: neither stays in Redis after it.
        removeOnComplete: true,
        removeOnFail: true,
        ...(producer ? { telemetry: { metadata: JSON.stringify(producer.carrier) } } : {}),
        ...(options.jobId ? { jobId: options.jobId } : {}),
      });
    } catch (error) {
      producer?.end(error);
      throw error;
    }
    producer?.end();
    return job;
  }

  private async abandon(jobId: string): Promise<void> {
    const client = await this.queue.getBackend().client;
    await client.set(jobAbandonedKey(this.name, jobId), '1', { PX: ABANDONED_TTL_MS });
    await client.del(jobResultKey(this.name, jobId), jobProgressKey(this.name, jobId));
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

  /**
   * Whether a worker is connected, waiting up to `waitMs` for one to (re)connect: a worker that
   * crashed and is being restarted (or rolled) is a blip like a store's restart, so the caller
   * waits a bounded time for it, as the pools do for a store (WORKER_WAIT_MS), before it answers
   * 503. Polls every 250 ms: a count of zero is never cached.
   */
  async hasWorkerWithin(waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if ((await this.workerCount()) > 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
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
