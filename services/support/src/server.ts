import { runServer } from '@pv/service-kit';
import { buildSupportApp } from './app.js';
import { loadSupportConfig } from './config.js';
import { startUserErasureConsumer } from './events/user-erasure-consumer.js';
import { openSupport } from './runtime.js';

await runServer(async () => {
  const config = loadSupportConfig();
  const runtime = await openSupport(config);
  const app = await buildSupportApp({ config, runtime });
  // The erasure consumer starts once NATS answers; until then deletions wait in the stream.
  const consumer = runtime.nats.startConsumer((nc) =>
    startUserErasureConsumer(nc, {
      db: runtime.db,
      durable: config.SUPPORT_CONSUMER,
      log: runtime.log,
      limits: { redis: runtime.redis, keyPrefix: 'pv:support:' },
    }),
  );
  return {
    app,
    port: config.PORT,
    host: config.HOST,
    close: async () => {
      await consumer.stop();
      await runtime.close();
    },
  };
});
