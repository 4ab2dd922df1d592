import { runService } from '@pv/service-kit';
import { buildAuthApp } from './app.js';
import { loadAuthConfig } from './config.js';
import { startSubscriptionConsumer } from './events/subscription-consumer.js';
import { openAuth } from './runtime.js';

await runService(loadAuthConfig, async (config, hold) => {
  const runtime = hold(await openAuth(config));
  // Premium bought through billing reaches users and sessions once NATS answers.
  runtime.nats.startConsumer((nc) => startSubscriptionConsumer(nc, runtime));
  return buildAuthApp({ config, runtime });
});
