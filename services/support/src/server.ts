import { runService } from '@pv/service-kit/runtime';
import { buildSupportApp } from './app.js';
import { loadSupportConfig } from './config.js';
import { startUserErasureConsumer } from './events/user-erasure-consumer.js';
import { openSupport } from './runtime.js';

await runService(loadSupportConfig, async (config, hold) => {
  const runtime = hold(await openSupport(config));
  // The erasure consumer starts once NATS answers; until then deletions wait in the stream.
  runtime.nats.startConsumer((nc) =>
    startUserErasureConsumer(nc, {
      db: runtime.db,
      durable: config.SUPPORT_CONSUMER,
      log: runtime.log,
      limits: { redis: runtime.redis, keyPrefix: `${config.REDIS_KEY_PREFIX}support:` },
    }),
  );
  return buildSupportApp({ config, runtime });
});
