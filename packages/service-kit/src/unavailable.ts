/**
 * A dependency that is briefly out of reach (a store restarting or failing over, a worker pool
 * being replaced, an upstream service rolling) is not a bug: the request may succeed seconds
 * later. The kit answers such an error 503 DEPENDENCY_UNAVAILABLE with `Retry-After` and a pt-BR
 * "tente novamente em instantes" message (plugins/errors.ts), and keeps 500 for the rest.
 */

/** Seconds every 503 of the kit suggests the caller waits (`Retry-After`) before trying again. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * How long a Postgres pool or a Redis client waits for its store to come back before the request
 * gives up (and answers 503): long enough for a restart or a failover, short enough for a person.
 */
export const STORE_WAIT_MS = 5_000;

/**
 * How long a queued call waits for a worker (re)connecting before it answers 503 (the queue's
 * hasWorkerWithin). Longer than a store's: a crashed worker is a process start (seconds, tens
 * of seconds on a loaded machine), and the client's retries multiply it (docs/RELIABILITY.md).
 */
export const WORKER_WAIT_MS = 10_000;

/** Socket errors of a peer that is not there (yet) or went away mid-call. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not accepting yet: class 08
 * (connection exception), admin/crash shutdown, cannot connect now, too many connections.
 */
const POSTGRES_STATES = /^(08...|57P01|57P02|57P03|53300)$/;

/** node-postgres' and pg-pool's own words for a lost or unobtainable connection. */
const POSTGRES_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** ioredis: a command given up after the client's reconnection attempts, or a closed connection. */
const REDIS_MESSAGES = ['Connection is closed.', "Stream isn't writeable"];

/** nats.js (v3) errors of a connection that is down or closing, or a request nobody answered. */
const NATS_ERRORS = new Set([
  'ClosedConnectionError',
  'DrainingConnectionError',
  'ConnectionError',
  'NoResponders',
]);

function oneIsUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_STATES.test(code)))
    return true;
  if (typeof name === 'string' && NATS_ERRORS.has(name)) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  if (POSTGRES_MESSAGES.some((words) => text.startsWith(words))) return true;
  if (REDIS_MESSAGES.some((words) => text.startsWith(words))) return true;
  return false;
}

/**
 * True when `error` (or what caused it: `cause`, an AggregateError's errors) says a store,
 * a broker or a service could not be reached or went away mid-call.
 * @example if (!isDependencyUnavailable(error)) throw new AppError(502, code, message)
 */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== 'object') return false;
  if (oneIsUnavailable(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDependencyUnavailable(cause, depth + 1)) return true;
  if (Array.isArray(errors))
    return errors.some((inner) => isDependencyUnavailable(inner, depth + 1));
  return false;
}

/** Waits `ms`, for the retry loop below. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` again while it fails because its dependency is unavailable, backing off from
 * 100 ms up to 1 s, until `waitMs` has gone by; then its last error goes up (and answers 503).
 * @example const client = await whileUnavailable(() => pool.connect(), STORE_WAIT_MS)
 */
export async function whileUnavailable<T>(
  attempt: () => Promise<T>,
  waitMs: number = STORE_WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1_000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDependencyUnavailable(error) || Date.now() + delay > deadline) throw error;
      await sleep(delay);
    }
  }
}
