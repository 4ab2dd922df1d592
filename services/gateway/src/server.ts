import { createRedis, runServer } from '@pv/service-kit';
import { buildGatewayApp } from './app.js';
import { loadGatewayConfig } from './config.js';

await runServer(async () => {
  const config = loadGatewayConfig();
  const redis = createRedis(config.REDIS_URL);
  const app = await buildGatewayApp(config, { redis });
  // One line per Redis outage (ioredis would print every reconnect failure); while it lasts the
  // auth rate limits fail open and /ready answers 503.
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) app.log.warn({ err: error.message }, 'Redis unreachable; auth rate limits are off');
    down = true;
  });
  redis.on('ready', () => {
    if (down) app.log.info('Redis reachable again');
    down = false;
  });
  return {
    app,
    port: config.PORT,
    host: config.HOST,
    close: async () => {
      redis.disconnect();
    },
  };
});
