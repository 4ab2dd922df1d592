import { runService } from '@pv/service-kit/runtime';
import { buildAnalyticsApp } from './app.js';
import { loadAnalyticsConfig } from './config.js';
import { startAnalyticsConsumer } from './events/analytics-consumer.js';
import { scheduleVisitorPurge } from './page-views/visitor-purge.js';
import { openAnalytics } from './runtime.js';

await runService(loadAnalyticsConfig, async (config, hold) => {
  const runtime = hold(await openAnalytics(config));
  // The projections' consumer starts once NATS answers; until then events wait in the stream.
  runtime.nats.startConsumer((nc) =>
    startAnalyticsConsumer(nc, {
      db: runtime.db,
      durable: config.ANALYTICS_CONSUMER,
      log: runtime.log,
    }),
  );
  hold(
    scheduleVisitorPurge({
      db: runtime.db,
      redis: runtime.redis,
      retentionDays: config.VISITOR_IP_RETENTION_DAYS,
      intervalMinutes: config.VISITOR_PURGE_INTERVAL_MINUTES,
      log: runtime.log,
      lockKey: `${config.REDIS_KEY_PREFIX}analytics:visitor-purge:lock`,
    }),
  );
  return buildAnalyticsApp({ config, runtime });
});
