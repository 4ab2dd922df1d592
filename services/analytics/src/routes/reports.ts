import { AnalyticsRoutes, DEFAULT_ANALYTICS_PERIOD } from '@pv/contracts';
import { type StaffAccessRecorder, staffActorOf } from '@pv/service-clients';
import { registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { DashboardService } from '../reports/dashboard.service.js';
import type { SiteAnalyticsService } from '../reports/site-analytics.service.js';

export function reportRoutes(
  app: FastifyInstance,
  reports: {
    analytics: SiteAnalyticsService;
    dashboard: DashboardService;
    /**
     * The visitor list shows addresses and browsers of people, the dashboard the names and
     * e-mails of the newest accounts: each view is audited.
     */
    audit: StaffAccessRecorder;
  },
) {
  registerRoute(app, AnalyticsRoutes.siteAnalytics, async (request) =>
    reports.analytics.siteAnalytics(request.query.days ?? DEFAULT_ANALYTICS_PERIOD),
  );
  registerRoute(app, AnalyticsRoutes.visitorTracking, async (request) => {
    const tracking = await reports.analytics.visitorTracking();
    await reports.audit(staffActorOf(request), {
      action: 'analytics.visitors.view',
      targetType: 'visitors',
      details: { rows: tracking.visitors.length },
    });
    return tracking;
  });
  registerRoute(app, AnalyticsRoutes.dashboard, async (request) => {
    const dashboard = await reports.dashboard.dashboard();
    // Like a page of the users list: each person shown is named (their id, never their name).
    const staff = staffActorOf(request);
    for (const user of dashboard.recentUsers)
      await reports.audit(staff, {
        action: 'users.recent.view',
        targetType: 'user',
        targetId: user.id,
        details: { shown: dashboard.recentUsers.length },
      });
    return dashboard;
  });
}
