import { runService } from '@pv/service-kit/runtime';
import { buildVaultApp } from './app.js';
import { loadVaultConfig } from './config.js';
import { startConsultConsumer } from './events/consult-consumer.js';
import { openVault } from './runtime.js';

await runService(loadVaultConfig, async (config, hold) => {
  const runtime = hold(await openVault(config));
  // The consumer starts once NATS answers; until then formatted consults wait in the stream.
  runtime.nats.startConsumer((nc) =>
    startConsultConsumer(nc, {
      db: runtime.db,
      hmacSecret: config.VAULT_HMAC_SECRET,
      durable: config.VAULT_CONSUMER,
      log: runtime.log,
    }),
  );
  return buildVaultApp({ config, runtime });
});
