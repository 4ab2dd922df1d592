import { runServer } from '@pv/service-kit';
import { buildBillingApp } from './app.js';
import { loadBillingConfig } from './config.js';
import { openBilling } from './runtime.js';
import { startUsageConsumer } from './usage/usage-consumer.js';

await runServer(async () => {
  const config = loadBillingConfig();
  const runtime = await openBilling(config);
  const app = await buildBillingApp({ config, runtime });
  // The counters' consumer starts once NATS answers; until then events wait in the stream.
  const consumer = runtime.nats
    .connected()
    .then((nc) => startUsageConsumer(nc, runtime.db, config.BILLING_CONSUMER, runtime.log));
  return {
    app,
    port: config.PORT,
    host: config.HOST,
    close: async () => {
      await Promise.race([
        consumer.then((c) => c.stop()),
        new Promise((r) => setTimeout(r, 2_000)),
      ]);
      await runtime.close();
    },
  };
});
