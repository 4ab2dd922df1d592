/**
 * The worker side of a job queue: runs the handlers bound to one queue, keeps what they return
 * out of BullMQ's own records, and drains on shutdown. Separate from queue.ts (the producing
 * side, in every service that enqueues) because only worker processes run it.
 */
import { Value } from '@sinclair/typebox/value';
import './formats.js';
import {
  DelayedError,
  type Job,
  RateLimitError,
  UnrecoverableError,
  WaitingChildrenError,
  WaitingError,
  Worker,
} from 'bullmq';
import type { Logger } from 'pino';
import {
  bullmqConnection,
  jobAbandonedKey,
  jobProgressKey,
  jobResultKey,
  type OutcomeReference,
  SET_UNLESS_ABANDONED,
} from './job-store.js';
import { type BoundJob, JobFailedError, type JobOutcome } from './jobs.js';
import { carrierFromMetadata, startTracing, withConsumerSpan } from './tracing.js';

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
  const running: RunningJobs = new Map();
  const setUnlessAbandoned = outcomeWriter({
    client: () => worker.getBackend().client,
    queue: options.queue,
    resultTtlMs,
  });
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
  const drain = (graceMs: number) => drainWorker({ worker, running, log: options.log, graceMs });
  return Object.assign(worker, { drain });
}

/** The jobs a worker runs now, by id, with what hands each back to the queue. */
type RunningJobs = Map<string, { job: Job; token: string; handBack: () => void }>;

/**
 * Writes a job's outcome or progress to its key, unless the job was abandoned (SET_UNLESS_ABANDONED,
 * defined once on each client it meets).
 */
function outcomeWriter(options: {
  client: () => ReturnType<Worker['getBackend']>['client'];
  queue: string;
  resultTtlMs: number;
}): (key: string, jobId: string, value: unknown) => Promise<void> {
  const scripted = new WeakSet<object>();
  return async (key, jobId, value) => {
    const client = await options.client();
    if (!scripted.has(client)) {
      client.defineCommand('pvSetUnlessAbandoned', { numberOfKeys: 2, lua: SET_UNLESS_ABANDONED });
      scripted.add(client);
    }
    await client.runCommand('pvSetUnlessAbandoned', [
      key,
      jobAbandonedKey(options.queue, jobId),
      JSON.stringify(value),
      String(options.resultTtlMs),
    ]);
  };
}

/** A worker's drain (see DrainableWorker): close, and after the grace hand back what still runs. */
async function drainWorker(options: {
  worker: Worker;
  running: RunningJobs;
  log: Logger;
  graceMs: number;
}): Promise<number> {
  const { worker, running, graceMs } = options;
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
