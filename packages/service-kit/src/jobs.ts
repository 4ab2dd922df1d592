import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import './formats.js';

/**
 * A kind of background job as both sides know it: its default queue, its name, and the schemas
 * of what goes in and what comes back. It holds no code: the handler is bound only in the worker
 * process (handleJob), so the HTTP service that enqueues it needs none of the worker's clients.
 * @example
 * export const RenderPdfJob = defineJob({
 *   queue: 'pdf', name: 'render-pdf', payloadSchema: RenderPdfPayloadSchema,
 *   resultSchema: Type.Object({ pdfBase64: Type.String() }),
 * });
 */
export interface JobDefinition<P extends TSchema = TSchema, R extends TSchema = TSchema> {
  queue: string;
  name: string;
  payloadSchema: P;
  resultSchema: R;
}

export function defineJob<P extends TSchema, R extends TSchema>(
  definition: JobDefinition<P, R>,
): JobDefinition<P, R> {
  return definition;
}

/**
 * A failure the handler meant, carried by the job as a value: what went wrong (`kind`, e.g. the
 * provider's 'timeout'), the HTTP status it deserves and a pt-BR message a person can act on.
 */
export const JobFailureSchema = Type.Object({
  kind: Type.String({ minLength: 1 }),
  status: Type.Integer({ minimum: 400, maximum: 599 }),
  message: Type.String(),
});
export type JobFailure = Static<typeof JobFailureSchema>;

/**
 * The job ended with a failure its handler declared. A handler throws it to end the job at once
 * (no retry); the producer receives the same failure, as a value, through `JobQueue.run`.
 * @example throw new JobFailedError({ kind: 'timeout', status: 504, message: 'A IA demorou demais.' })
 */
export class JobFailedError extends Error {
  override readonly name = 'JobFailedError';
  constructor(readonly failure: JobFailure) {
    super(failure.message);
  }
}

/** The handler threw something it did not declare on every attempt, or answered off-schema. */
export class JobCrashedError extends Error {
  override readonly name = 'JobCrashedError';
  constructor(
    readonly job: string,
    readonly reason: string,
  ) {
    super(`Job ${job} crashed: ${reason}`);
  }
}

/** The caller stopped waiting: the job did not finish within its time. */
export class JobTimeoutError extends Error {
  override readonly name = 'JobTimeoutError';
  constructor(
    readonly job: string,
    readonly timeoutMs: number,
  ) {
    super(`Job ${job} did not finish within ${timeoutMs} ms`);
  }
}

/** What a handler may do besides answering: report progress (e.g. the text streamed so far). */
export interface JobContext {
  id: string;
  reportProgress(data: unknown): Promise<void>;
}

/** A definition with its handler, as a worker process runs it. */
export interface BoundJob {
  definition: JobDefinition;
  handle(payload: unknown, context: JobContext): Promise<unknown>;
}

/**
 * Binds a handler to its job definition; only worker processes call this.
 * @example startWorker({ queue, redisUrl, jobs: [handleJob(RenderPdfJob, renderPdf)], concurrency: 2, log })
 */
export function handleJob<P extends TSchema, R extends TSchema>(
  definition: JobDefinition<P, R>,
  handler: (payload: Static<P>, context: JobContext) => Promise<Static<R>>,
): BoundJob {
  return { definition, handle: (payload, context) => handler(payload as Static<P>, context) };
}

/** How a finished job travels back: its result, or the failure its handler declared. */
export type JobOutcome = { ok: true; result: unknown } | { ok: false; failure: JobFailure };

const outcomeSchemas = new WeakMap<JobDefinition, TSchema>();

function outcomeSchema(definition: JobDefinition): TSchema {
  let schema = outcomeSchemas.get(definition);
  if (!schema) {
    schema = Type.Union([
      Type.Object({ ok: Type.Literal(true), result: definition.resultSchema }),
      Type.Object({ ok: Type.Literal(false), failure: JobFailureSchema }),
    ]);
    outcomeSchemas.set(definition, schema);
  }
  return schema;
}

/**
 * The producer's reading of what a job returned: the result, checked against the definition's
 * result schema, or the declared failure thrown as a JobFailedError.
 */
export function resultOf<R extends TSchema>(
  definition: JobDefinition<TSchema, R>,
  returned: unknown,
): Static<R> {
  if (!Value.Check(outcomeSchema(definition), returned))
    throw new JobCrashedError(definition.name, 'the result does not match its schema');
  const outcome = returned as JobOutcome;
  if (!outcome.ok) throw new JobFailedError(outcome.failure);
  return outcome.result as Static<R>;
}
