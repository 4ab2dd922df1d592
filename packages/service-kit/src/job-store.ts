/**
 * Where the producing side (queue.ts) and the worker side (worker.ts) of a job queue meet in
 * Redis: BullMQ's connection options and the kit's short-lived keys for a job's outcome, progress
 * and abandonment. Separate so both sides read one definition of each key and neither imports
 * the other.
 */
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
export const ABANDONED_TTL_MS = 30 * 60_000;
/** SET key value PX ttl, unless the job was abandoned: one atomic step against the caller's. */
export const SET_UNLESS_ABANDONED = `if redis.call('EXISTS', KEYS[2]) == 0 then
  return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
return false`;
/** What a finished job returns through BullMQ: a pointer, never the outcome itself. */
export interface OutcomeReference {
  pvResult: string;
}
export const isReference = (value: unknown): value is OutcomeReference =>
  typeof value === 'object' && value !== null && 'pvResult' in value;
