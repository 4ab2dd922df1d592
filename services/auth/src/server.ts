import { runServer } from '@pv/service-kit';
import { buildAuthApp } from './app.js';
import { loadAuthConfig } from './config.js';
import { startSubscriptionConsumer } from './events/subscription-consumer.js';
import { openAuth } from './runtime.js';

await runServer(async () => {
  const config = loadAuthConfig();
  const runtime = await openAuth(config);
  const app = await buildAuthApp({ config, runtime });
  // Premium bought through billing reaches users and sessions once NATS answers.
  const consumer = runtime.nats.startConsumer((nc) => startSubscriptionConsumer(nc, runtime));
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
