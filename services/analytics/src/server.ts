import { runServer } from '@pv/service-kit';
import { buildAnalyticsApp } from './app.js';
import { loadAnalyticsConfig } from './config.js';
import { startAnalyticsConsumer } from './events/analytics-consumer.js';
import { scheduleVisitorPurge } from './page-views/visitor-purge.js';
import { openAnalytics } from './runtime.js';

await runServer(async () => {
  const config = loadAnalyticsConfig();
  const runtime = await openAnalytics(config);
  const app = await buildAnalyticsApp({ config, runtime });
  // The projections' consumer starts once NATS answers; until then events wait in the stream.
  const consumer = runtime.nats.startConsumer((nc) =>
    startAnalyticsConsumer(nc, {
      db: runtime.db,
      durable: config.ANALYTICS_CONSUMER,
      log: runtime.log,
    }),
  );
  const purge = scheduleVisitorPurge({
    db: runtime.db,
    redis: runtime.redis,
    retentionDays: config.VISITOR_IP_RETENTION_DAYS,
    intervalMinutes: config.VISITOR_PURGE_INTERVAL_MINUTES,
    log: runtime.log,
  });
  return {
    app,
    port: config.PORT,
    host: config.HOST,
    close: async () => {
      await purge.stop();
      await consumer.stop();
      await runtime.close();
    },
  };
});
