import { runServer } from '@pv/service-kit';
import { buildAuthApp } from './app.js';
import { loadAuthConfig } from './config.js';
import { startAuditConsumer } from './events/audit-consumer.js';
import { startSubscriptionConsumer } from './events/subscription-consumer.js';
import { openAuth } from './runtime.js';

await runServer(async () => {
  const config = loadAuthConfig();
  const runtime = await openAuth(config);
  const app = await buildAuthApp({ config, runtime });
  // Premium bought through billing reaches users and sessions once NATS answers.
  const consumer = runtime.nats.startConsumer((nc) => startSubscriptionConsumer(nc, runtime));
  // Every service's record of staff access lands in auth's append-only audit log.
  const audit = runtime.nats.startConsumer((nc) => startAuditConsumer(nc, runtime));
  return {
    app,
    port: config.PORT,
    host: config.HOST,
    close: async () => {
      await consumer.stop();
      await audit.stop();
      await runtime.close();
    },
  };
});
