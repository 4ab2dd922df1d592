import { runServer } from '@pv/service-kit';
import { buildVaultApp } from './app.js';
import { loadVaultConfig } from './config.js';
import { startConsultConsumer } from './events/consult-consumer.js';
import { openVault } from './runtime.js';

await runServer(async () => {
  const config = loadVaultConfig();
  const runtime = await openVault(config);
  const app = await buildVaultApp({ config, runtime });
  // The consumer starts once NATS answers; until then formatted consults wait in the stream.
  const consumer = runtime.nats.startConsumer((nc) =>
    startConsultConsumer(nc, {
      db: runtime.db,
      hmacSecret: config.VAULT_HMAC_SECRET,
      durable: config.VAULT_CONSUMER,
      log: runtime.log,
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
