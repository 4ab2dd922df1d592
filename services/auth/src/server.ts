import { runService } from '@pv/service-kit/runtime';
import { buildAuthApp } from './app.js';
import { loadAuthConfig } from './config.js';
import { startAuditConsumer } from './events/audit-consumer.js';
import { startSubscriptionConsumer } from './events/subscription-consumer.js';
import { openAuth } from './runtime.js';

await runService(loadAuthConfig, async (config, hold) => {
  const runtime = hold(await openAuth(config));
  // Premium bought through billing reaches users and sessions once NATS answers.
  runtime.nats.startConsumer((nc) => startSubscriptionConsumer(nc, runtime));
  // Every service's record of staff access lands in auth's append-only audit log.
  runtime.nats.startConsumer((nc) => startAuditConsumer(nc, runtime));
  return buildAuthApp({ config, runtime });
});
