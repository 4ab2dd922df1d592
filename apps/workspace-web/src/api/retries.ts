import { isRetryableAnswer, RETRY_DELAYS_MS, retryDelayMs } from '@pv/contracts/constants';
import { ApiCallError } from './http';

/**
 * Retries of the writes the workspace makes on the clinician's behalf (format, document, PDF,
 * vault archive, usage report), following the product's policy (@pv/contracts retries.ts): the
 * same request, with the same idempotency key, after no answer, a 503 or a 5xx that is not the
 * error shape, waiting with backoff and jitter (or the server's Retry-After), up to a bound. The
 * server does the work and counts it once per key. While a call waits to retry, the app shows a
 * quiet "Reconectando…" instead of an error.
 */

/** Shown when the server could not be reached at all, even after the retries. */
export const CONNECTION_LOST =
  'Não foi possível falar com o servidor. Verifique a conexão e tente novamente.';

/**
 * Whether a failed call may be sent again with its key: no answer at all (fetch's TypeError),
 * or an answer the policy retries. An abort (the user's, or a page left) is not retried.
 */
export function retryableFailure(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  if (!(error instanceof ApiCallError)) return true;
  return isRetryableAnswer(error.status, error.code);
}

// The calls waiting to retry right now, for the "Reconectando…" notice.
let waiting = 0;
const listeners = new Set<() => void>();
const changed = (by: number) => {
  waiting += by;
  for (const listener of listeners) listener();
};

/** For useSyncExternalStore: whether some call is waiting to retry. */
export const reconnecting = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  now: (): boolean => waiting > 0,
};

export interface RetryOptions {
  /** The waits' base, for tests; default the product's policy. */
  delaysMs?: readonly number[];
  signal?: AbortSignal;
}

/**
 * Runs `attempt` until it succeeds, fails clearly, or the policy's retries are spent. `attempt`
 * must send the same request each time (the same body and idempotency key).
 * @example await withRetries(() => postJson(path, body, { idempotencyKey }))
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  let retrying = false;
  try {
    for (let retry = 0; ; retry += 1) {
      try {
        return await attempt();
      } catch (error) {
        const wait = retryableFailure(error)
          ? retryDelayMs(
              retry,
              error instanceof ApiCallError ? error.retryAfterSeconds : undefined,
              Math.random,
              options.delaysMs ?? RETRY_DELAYS_MS,
            )
          : undefined;
        if (wait === undefined || options.signal?.aborted) {
          // No answer at all: the browser's own words (e.g. 'Failed to fetch') are not for people.
          if (!(error instanceof ApiCallError) && !(error instanceof DOMException))
            throw new ApiCallError(0, CONNECTION_LOST);
          throw error;
        }
        if (!retrying) changed(+1);
        retrying = true;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  } finally {
    if (retrying) changed(-1);
  }
}
