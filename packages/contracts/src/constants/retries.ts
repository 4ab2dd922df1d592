/**
 * How a client of the product retries a call (docs/RELIABILITY.md, issue 29): the workspace and
 * the fault suite follow the same policy, so the suite measures what a clinician sees.
 *
 * A write made on a person's behalf carries an idempotency key (the format's `requestId`, the
 * `Idempotency-Key` header elsewhere) and is sent again, unchanged, after an answer that says
 * "not now" (503 with Retry-After: a store, a worker or a process restarting), after no answer
 * at all (refused, reset, timed out) and after a 5xx that is not the error shape (a proxy's,
 * not the service's). The server does the work and counts it once per key. A clear answer (a
 * code and a message: a limit, a bad field, a model failure) is shown as it is.
 */

/** The header that carries a write's idempotency key (a UUID per press of a button). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The base waits between attempts; with jitter, about 22 s in all: a process restarts in that. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 2_000, 4_000, 6_000, 8_000];

/**
 * Whether an answer may be retried with the same key: `status` 0 for no answer, `code` the
 * error shape's code when the answer had one.
 */
export function isRetryableAnswer(status: number, code?: string): boolean {
  if (status === 0 || status === 503) return true;
  return status >= 500 && code === undefined;
}

/**
 * The wait before retry `attempt` (0 = the first retry): the policy's delay, or the server's
 * Retry-After when longer, spread by ±25% so that clients that failed together do not return
 * together. Undefined when the retries are spent.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterSeconds?: number,
  random: () => number = Math.random,
  delays: readonly number[] = RETRY_DELAYS_MS,
): number | undefined {
  const base = delays[attempt];
  if (base === undefined) return undefined;
  const asked = retryAfterSeconds && retryAfterSeconds > 0 ? retryAfterSeconds * 1_000 : 0;
  return Math.round(Math.max(base, Math.min(asked, 30_000)) * (0.75 + random() * 0.5));
}
