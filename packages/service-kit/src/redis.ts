import { Redis } from 'ioredis';

/** An ioredis client that gives up on a request after 3 reconnect attempts instead of hanging. */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 3,
    enableReadyCheck: true,
    lazyConnect: false,
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
