import { randomBytes } from 'node:crypto';
import { Client, startServiceUnderTest, urlOf } from '@pv/service-kit/testing';
import { buildAnalyticsApp } from '../src/app.js';
import { loadAnalyticsConfig } from '../src/config.js';
import { startAnalyticsConsumer } from '../src/events/analytics-consumer.js';
import { PageViewService } from '../src/page-views/page-view.service.js';
import { openAnalytics } from '../src/runtime.js';

export type { TestRole as Role } from '@pv/service-kit/testing';
export { Client, urlOf };

/**
 * The real analytics service (the kit's service under test). `env` overrides settings (e.g. the
 * page-view limit).
 */
export async function startAnalytics(
  env: Record<string, string> = {},
  options: { consumer?: boolean } = {},
) {
  const redisKeyPrefix = `pv:test:analytics:${randomBytes(5).toString('hex')}:`;
  const service = await startServiceUnderTest({
    name: 'analytics',
    databaseVariable: 'ANALYTICS_DATABASE',
    loadConfig: loadAnalyticsConfig,
    open: openAnalytics,
    build: (config, runtime) =>
      buildAnalyticsApp({ config, runtime, logger: false, redisKeyPrefix }),
    consumer: (nc, runtime, config) =>
      startAnalyticsConsumer(nc, {
        db: runtime.db,
        durable: config.ANALYTICS_CONSUMER,
        log: runtime.log,
      }),
    env,
    startConsumer: options.consumer ?? false,
  });
  return {
    ...service,
    /** The page-view rules without HTTP, to record views at chosen instants (past days). */
    pageViews: new PageViewService({ db: service.runtime.db }),
    anonymous: () => new Client(service.url),
  };
}

export type AnalyticsUnderTest = Awaited<ReturnType<typeof startAnalytics>>;
