import { runService } from '@pv/service-kit/runtime';
import { buildBillingApp } from './app.js';
import { loadBillingConfig } from './config.js';
import { startUsageConsumer } from './events/usage-consumer.js';
import { openBilling } from './runtime.js';
import { stripeFrom } from './stripe/stripe-client.js';

await runService(loadBillingConfig, async (config, hold) => {
  const runtime = hold(await openBilling(config));
  // The counters' consumer starts once NATS answers; until then events wait in the stream.
  runtime.nats.startConsumer((nc) =>
    startUsageConsumer(nc, {
      db: runtime.db,
      durable: config.BILLING_CONSUMER,
      log: runtime.log,
      // Erasing a user cancels their subscription and deletes their customer at Stripe.
      stripe: stripeFrom(config)?.stripe ?? null,
    }),
  );
  return buildBillingApp({ config, runtime });
});
