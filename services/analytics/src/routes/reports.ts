import { AnalyticsRoutes, DEFAULT_ANALYTICS_PERIOD } from '@pv/contracts';
import { registerRoute } from '@pv/service-kit';
import type { FastifyInstance } from 'fastify';
import type { DashboardService } from '../reports/dashboard.service.js';
import type { SiteAnalyticsService } from '../reports/site-analytics.service.js';

export function reportRoutes(
  app: FastifyInstance,
  reports: { analytics: SiteAnalyticsService; dashboard: DashboardService },
) {
  registerRoute(app, AnalyticsRoutes.siteAnalytics, async (request) =>
    reports.analytics.siteAnalytics(request.query.days ?? DEFAULT_ANALYTICS_PERIOD),
  );
  registerRoute(app, AnalyticsRoutes.visitorTracking, async () =>
    reports.analytics.visitorTracking(),
  );
  registerRoute(app, AnalyticsRoutes.dashboard, async () => reports.dashboard.dashboard());
}
