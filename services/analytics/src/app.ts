import { staffAccessRecorder } from '@pv/service-clients';
import { createStandardApp, RateLimiter } from '@pv/service-kit/http';
import type { ServiceRuntime } from '@pv/service-kit/runtime';
import type { FastifyInstance } from 'fastify';
import type { AnalyticsConfig } from './config.js';
import type { AnalyticsDatabase } from './db/schema.js';
import { MarketingMessageService } from './marketing/marketing-message.service.js';
import { PageViewService, pageViewLimit } from './page-views/page-view.service.js';
import { DashboardService } from './reports/dashboard.service.js';
import { SiteAnalyticsService } from './reports/site-analytics.service.js';
import { marketingMessageRoutes } from './routes/marketing-messages.js';
import { pageViewRoutes } from './routes/page-views.js';
import { reportRoutes } from './routes/reports.js';

export interface AnalyticsAppOptions {
  config: AnalyticsConfig;
  runtime: ServiceRuntime<AnalyticsDatabase>;
  logger?: boolean;
  /** Prefix of the service's Redis keys (the page-view flood guard); tests keep theirs apart. */
  redisKeyPrefix?: string;
  /** The service's notion of now (tests move it to check day boundaries). */
  clock?: () => Date;
}

/** The analytics service's HTTP app, built from injected dependencies; it never listens. */
export async function buildAnalyticsApp(options: AnalyticsAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const app = await createStandardApp({
    name: 'analytics',
    config,
    runtime,
    logger: options.logger,
  });
  const limiter = new RateLimiter(runtime.redis, pageViewLimit(config.PAGE_VIEW_MAX_PER_MINUTE), {
    keyPrefix: options.redisKeyPrefix ?? `${config.REDIS_KEY_PREFIX}analytics:`,
  });
  pageViewRoutes(app, new PageViewService({ db: runtime.db, limiter }));
  reportRoutes(app, {
    analytics: new SiteAnalyticsService(runtime.db, options.clock),
    dashboard: new DashboardService(runtime.db, options.clock),
    audit: staffAccessRecorder(runtime, 'analytics'),
  });
  marketingMessageRoutes(app, new MarketingMessageService(runtime.db, runtime.relay));
  return app;
}

export { startAnalyticsConsumer } from './events/analytics-consumer.js';
export { scheduleVisitorPurge } from './page-views/visitor-purge.js';
