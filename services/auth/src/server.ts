import { runServer } from '@pv/service-kit';
import { buildAuthApp } from './app.js';
import { startSubscriptionConsumer } from './billing/subscription-consumer.js';
import { loadAuthConfig } from './config.js';
import { openAuth } from './runtime.js';

await runServer(async () => {
  const config = loadAuthConfig();
  const { runtime, deps } = await openAuth(config);
  const app = await buildAuthApp({
    deps,
    readiness: runtime.readiness,
    publicOrigins: config.PUBLIC_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    logLevel: config.LOG_LEVEL,
  });
  // Premium bought through billing reaches users and sessions once NATS answers.
  const consumer = runtime.nats.startConsumer((nc) =>
    startSubscriptionConsumer(nc, deps, runtime.log),
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
