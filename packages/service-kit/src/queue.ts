import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import './formats.js';
import {
  DelayedError,
  type Job,
  Queue,
  QueueEvents,
  RateLimitError,
  UnrecoverableError,
  WaitingChildrenError,
  WaitingError,
  Worker,
} from 'bullmq';
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
import {
  carrierFromMetadata,
  startProducerSpan,
  startTracing,
  withConsumerSpan,
} from './tracing.js';
import { redisTls } from './transport-security.js';

/**
 * BullMQ opens its own connections (a worker's are blocking), so it gets options rather than one
 * of our clients; it takes ioredis as a peer, the kit's one copy (test/one-ioredis.test.ts).
 * `maxRetriesPerRequest: null` is what BullMQ workers require. Its raw client is reached through
 * `getBackend().client` (BullMQ 6 moved it off Queue and Worker).
 */
export function bullmqConnection(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}),
    // rediss://: TLS verified against the internal CA (transport-security.ts).
    ...redisTls(redisUrl),
    maxRetriesPerRequest: null,
  };
}

/**
 * Where a job's outcome and its latest progress wait for the caller, under the queue's own key
 * prefix (the per-process Redis ACLs already cover bull:<queue>:*). BullMQ copies a job's return
 * value and progress into the queue's event stream (`bull:<queue>:events`, kept up to 10 000
 * entries) and its job hash: with patient text in them, a note would stay in Redis long after its
 * delivery. So the worker returns and reports only references; the text sits in these
 * short-lived keys, and the caller deletes the outcome as it reads it (GETDEL).
 */
export const jobResultKey = (queue: string, jobId: string) => `bull:${queue}:pv-result:${jobId}`;
export const jobProgressKey = (queue: string, jobId: string) =>
  `bull:${queue}:pv-progress:${jobId}`;
/**
 * Set by a caller that stopped waiting (timeout) for a job nobody else will come back for: the
 * worker still running it then writes neither its outcome nor its progress (no text for nobody).
 */
export const jobAbandonedKey = (queue: string, jobId: string) =>
  `bull:${queue}:pv-abandoned:${jobId}`;
// Longer than a job may still run after its caller gave up (lock expiries and retries included);
// the key holds no text.
const ABANDONED_TTL_MS = 30 * 60_000;
/** SET key value PX ttl, unless the job was abandoned: one atomic step against the caller's. */
const SET_UNLESS_ABANDONED = `if redis.call('EXISTS', KEYS[2]) == 0 then
  return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return false`;
/** What a finished job returns through BullMQ: a pointer, never the outcome itself. */
interface OutcomeReference {
  pvResult: string;
}
const isReference = (value: unknown): value is OutcomeReference =>
  typeof value === 'object' && value !== null && 'pvResult' in value;

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

export interface WorkerOptions {
  /** The queue's running name (from config; the definitions' `queue` is its default). */
  queue: string;
  redisUrl: string;
  jobs: BoundJob[];
  concurrency: number;
  log: Logger;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** How long a finished job's outcome waits for its caller before it expires; default 5 min. */
  resultTtlMs?: number;
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
  // A worker process's spans carry its catalog name (formatting-worker, pdf-worker).
  startTracing(`${options.queue}-worker`);
  const byName = new Map(options.jobs.map((bound) => [bound.definition.name, bound]));
  const resultTtlMs = options.resultTtlMs ?? 5 * 60_000;
  // The jobs running now, with what hands each back: the handler keeps running, but the processor
  // settles with WaitingError so BullMQ leaves the job where moveToWait put it.
  const running = new Map<string, { job: Job; token: string; handBack: () => void }>();
  const scripted = new WeakSet<object>();
  const setUnlessAbandoned = async (key: string, jobId: string, value: unknown) => {
    const client = await worker.getBackend().client;
    if (!scripted.has(client)) {
      client.defineCommand('pvSetUnlessAbandoned', { numberOfKeys: 2, lua: SET_UNLESS_ABANDONED });
      scripted.add(client);
    }
    await client.runCommand('pvSetUnlessAbandoned', [
      key,
      jobAbandonedKey(options.queue, jobId),
      JSON.stringify(value),
      String(resultTtlMs),
    ]);
  };
  const worker: Worker = new Worker(
    options.queue,
    async (job, token): Promise<OutcomeReference> => {
      const bound = byName.get(job.name);
      if (!bound) throw new UnrecoverableError(`No handler for job ${job.name}`);
      if (!Value.Check(bound.definition.payloadSchema, job.data))
        throw new UnrecoverableError(`Invalid payload for job ${job.name}`);
      const id = job.id ?? '';
      let sequence = 0;
      const context = {
        id,
        reportProgress: async (data: unknown) => {
          await setUnlessAbandoned(jobProgressKey(options.queue, id), id, data);
          sequence += 1;
          await job.updateProgress({ sequence });
        },
      };
      let handBack: () => void = () => {};
      const handedBack = new Promise<never>((_, reject) => {
        handBack = () => reject(new WaitingError());
      });
      running.set(id, { job, token: token ?? '', handBack });
      try {
        const outcome = await Promise.race([
          handedBack,
          withConsumerSpan(
            {
              system: 'bullmq',
              destination: options.queue,
              id,
              carrier: carrierFromMetadata(job.opts.telemetry?.metadata),
              attributes: { 'pv.job.name': job.name, 'pv.job.attempt': job.attemptsMade + 1 },
            },
            () => settle(bound, job.data, context),
          ),
        ]);
        const key = jobResultKey(options.queue, id);
        await setUnlessAbandoned(key, id, outcome);
        return { pvResult: key };
      } catch (error) {
        throw withheld(error);
      } finally {
        running.delete(id);
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

/** BullMQ's own control-flow errors (hand back, delay...): they carry no text and mean a move. */
const CONTROL_ERRORS = [WaitingError, DelayedError, RateLimitError, WaitingChildrenError];

/**
 * What a crash becomes before BullMQ keeps it: the error's class (and code), its message
 * withheld. An undeclared error's message may quote what the handler was reading (a parser's
 * `Unexpected token 'P', "Paciente M"...`, a library echoing its input), and BullMQ copies a
 * failed job's reason into the queue's event stream (kept up to 10 000 entries, long after the
 * job is removed) and its stack into the job hash; the worker logs it too. The stack's frames
 * stay (they say where), its first line is replaced. UnrecoverableError keeps its class, so a
 * handler can still end a job without retries.
 */
function withheld(error: unknown): unknown {
  if (CONTROL_ERRORS.some((kind) => error instanceof kind)) return error;
  const name = error instanceof Error ? error.name : typeof error;
  const code = (error as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' || typeof code === 'number' ? `${name} (${code})` : name;
  const safe =
    error instanceof UnrecoverableError ? new UnrecoverableError(reason) : new Error(reason);
  const frames =
    error instanceof Error ? (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)) : [];
  safe.stack = [`${safe.name}: ${reason}`, ...frames].join('\n');
  return safe;
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
