import { Redis } from 'ioredis';

/** An ioredis client that gives up on a request after 3 reconnect attempts instead of hanging. */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 3,
    enableReadyCheck: true,
    lazyConnect: false,
  });
}
