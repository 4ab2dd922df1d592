import { createRedis, listenOptions, runService } from '@pv/service-kit/runtime';
import { buildGatewayApp, buildGatewayInternalApp, watchRedis } from './app.js';
import { loadGatewayConfig } from './config.js';

await runService(loadGatewayConfig, async (config, hold) => {
  const redis = createRedis(config.REDIS_URL);
  hold({ close: () => redis.disconnect() });
  const app = await buildGatewayApp(config, { redis });
  watchRedis(redis, app.log);
  const internal = hold(await buildGatewayInternalApp(config, app));
  await internal.listen(listenOptions(config.INTERNAL_PORT, config.HOST));
  return app;
});
