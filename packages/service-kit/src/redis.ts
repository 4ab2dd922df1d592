import { Redis } from 'ioredis';
import { redisTls } from './transport-security.js';
import { STORE_WAIT_MS } from './unavailable.js';

/** The wait before each reconnection attempt: 250 ms more each time, at most 1 s. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 250, 1_000);

/**
 * Reconnection attempts a command waits through before it fails: as many as fit in `waitMs`
 * (250 + 500 + 750 + 1000 + 1000... ms), so a Redis restart or failover shorter than that is a
 * slower answer, not a failed one; a longer one fails with MaxRetriesPerRequestError (503).
 */
export function attemptsWithin(waitMs: number): number {
  let attempts = 0;
  for (let waited = reconnectDelay(1); waited <= waitMs; waited += reconnectDelay(attempts + 1))
    attempts += 1;
  return Math.max(1, attempts);
}

/** An ioredis client that waits a bounded time (`waitMs`) for Redis to come back, never forever. */
export function createRedis(url: string, waitMs = STORE_WAIT_MS): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: attemptsWithin(waitMs),
    retryStrategy: reconnectDelay,
    enableReadyCheck: true,
    lazyConnect: false,
    // rediss://: TLS verified against the internal CA (transport-security.ts).
    ...redisTls(url),
  });
}

/**
 * Deletes a service's Redis keys that name a user (rate-limit counters keyed by user id or
 * e-mail), for LGPD erasure: SCAN under the service's own prefix, never KEYS.
 * @example await deleteKeysNaming(redis, 'pv:support:', [user.id, user.email])
 */
export async function deleteKeysNaming(
  redis: Redis,
  prefix: string,
  needles: string[],
): Promise<number> {
  let deleted = 0;
  for (const needle of needles.filter(Boolean)) {
    // Glob metacharacters in an e-mail must match themselves.
    const literal = needle.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*${literal}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  }
  return deleted;
}
