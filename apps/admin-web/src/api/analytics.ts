import type { AdminDashboard, PageViewBody, SiteAnalytics, VisitorTracking } from '@pv/contracts';
import { api } from './base';

/** The analytics service: dashboard figures, site analytics, visitor tracking, page views. */
export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<AdminDashboard, void>({
      query: () => '/api/admin/dashboard',
      providesTags: ['Dashboard'],
    }),
    siteAnalytics: build.query<SiteAnalytics, number>({
      query: (days) => `/api/admin/site-analytics?days=${days}`,
      providesTags: ['Analytics'],
    }),
    visitorTracking: build.query<VisitorTracking, void>({
      query: () => '/api/admin/visitor-tracking',
      providesTags: ['Analytics'],
    }),
    recordPageView: build.mutation<unknown, PageViewBody>({
      query: (body) => ({ url: '/api/analytics/page-view', method: 'POST', body }),
    }),
  }),
});

export const {
  useDashboardQuery,
  useSiteAnalyticsQuery,
  useVisitorTrackingQuery,
  useRecordPageViewMutation,
} = analyticsApi;
