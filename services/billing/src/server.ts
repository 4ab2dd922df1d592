import { runServer } from '@pv/service-kit';
import { buildBillingApp } from './app.js';
import { loadBillingConfig } from './config.js';
import { startUsageConsumer } from './events/usage-consumer.js';
import { openBilling } from './runtime.js';
import { stripeFrom } from './stripe/stripe-client.js';

await runServer(async () => {
  const config = loadBillingConfig();
  const runtime = await openBilling(config);
  const app = await buildBillingApp({ config, runtime });
  // The counters' consumer starts once NATS answers; until then events wait in the stream.
  const consumer = runtime.nats.startConsumer((nc) =>
    startUsageConsumer(nc, {
      db: runtime.db,
      durable: config.BILLING_CONSUMER,
      log: runtime.log,
      // Erasing a user cancels their subscription and deletes their customer at Stripe.
      stripe: stripeFrom(config)?.stripe ?? null,
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
