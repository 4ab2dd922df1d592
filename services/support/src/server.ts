import { runServer } from '@pv/service-kit';
import { buildSupportApp } from './app.js';
import { loadSupportConfig } from './config.js';
import { openSupport } from './runtime.js';
import { startUserErasureConsumer } from './tickets/user-erasure-consumer.js';

await runServer(async () => {
  const config = loadSupportConfig();
  const runtime = await openSupport(config);
  const app = await buildSupportApp({ config, runtime });
  // The erasure consumer starts once NATS answers; until then deletions wait in the stream.
  const consumer = runtime.nats.startConsumer((nc) =>
    startUserErasureConsumer(nc, runtime.db, config.SUPPORT_CONSUMER, runtime.log),
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
