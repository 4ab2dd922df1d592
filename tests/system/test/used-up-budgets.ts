import { RateLimiter } from '@pv/service-kit/http';
import { createRedis } from '@pv/service-kit/runtime';

// What `npm start` leaves in the machine's Redis after an hour of visitors (issue 26): the
// anonymous visitors' hourly budgets of the default key prefix `pv:` used up for this machine's
// addresses. A test that starts real processes must pass anyway (they count under their own
// REDIS_KEY_PREFIX); these budgets are the ones the issue saw a test meet.

const DEFAULT_PREFIX = 'pv:';
const HOUR = 3_600;
/** The limits by their service prefix and name, as the services define them (fixed windows). */
const VISITOR_BUDGETS = [
  ['formatting:', 'anonymous'],
  ['documents:', 'anonymous:documents'],
  ['documents:', 'anonymous:prescriptions'],
  ['documents:', 'anonymous:pdfs'],
  ['documents:', 'anonymous:extraction'],
  ['support:', 'tickets:anonymous'],
] as const;
const LOCAL_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
/**
 * Spends every visitor budget of the default prefix for the local addresses, keeping what was
 * there; `restore()` puts the keys back as they were (a developer's own counts included).
 */
export async function useUpDefaultVisitorBudgets(redisUrl: string) {
  const redis = createRedis(redisUrl);
  const limiters = VISITOR_BUDGETS.map(
    ([service, name]) =>
      new RateLimiter(
        redis,
        { name, points: 1, durationSeconds: HOUR },
        { keyPrefix: `${DEFAULT_PREFIX}${service}` },
      ),
  );
  const keys = VISITOR_BUDGETS.flatMap(([service, name]) =>
    LOCAL_ADDRESSES.map((address) => `${DEFAULT_PREFIX}${service}${name}:${address}`),
  );
  const saved = await Promise.all(
    keys.map(async (key) => ({
      key,
      dump: await redis.dumpBuffer(key),
      ttl: await redis.pttl(key),
    })),
  );
  for (const limiter of limiters)
    for (const address of LOCAL_ADDRESSES) await limiter.penalty(address, 100_000);
  return {
    keys,
    /** How many points the default prefix holds as spent for `key`, as a service would read it. */
    async spent(service: string, name: string, address: string): Promise<number> {
      const limiter = new RateLimiter(
        redis,
        { name, points: 1, durationSeconds: HOUR },
        { keyPrefix: `${DEFAULT_PREFIX}${service}` },
      );
      return (await limiter.peek(address)).consumed;
    },
    async restore(): Promise<void> {
      for (const { key, dump, ttl } of saved) {
        await redis.del(key);
        if (dump) await redis.restore(key, Math.max(ttl, 0), dump);
      }
      redis.disconnect();
    },
  };
}
