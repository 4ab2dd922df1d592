import {
  DEFAULT_ANALYTICS_PERIOD,
  type SiteAnalytics,
  VISITOR_TRACKING_DAYS,
  VISITOR_TRACKING_MAX_ROWS,
  type VisitorTracking,
} from '@pv/contracts';
import type { AnalyticsDb } from '../db/schema.js';
import { newestPageViews, pageViewDays } from '../page-views/page-view.repository.js';
import { addDays, dayOf, daysBetween } from '../time/sao-paulo-day.js';
import { aiUsageDays } from './report.repository.js';

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The admin Analytics tab: read from the daily rollups only, never from the raw page views. */
export class SiteAnalyticsService {
  constructor(
    private readonly db: AnalyticsDb,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** `days` São Paulo calendar days ending today, today included. */
  async siteAnalytics(days: number = DEFAULT_ANALYTICS_PERIOD): Promise<SiteAnalytics> {
    const today = dayOf(this.clock());
    const from = addDays(today, -(days - 1));
    const [views, ai] = await Promise.all([
      pageViewDays(this.db, from, today),
      aiUsageDays(this.db, from, today),
    ]);
    const viewsByDay = new Map(views.map((v) => [v.day, v]));
    const aiByDay = new Map(ai.map((a) => [a.day, a]));
    const analytics = daysBetween(from, today).map((date) => {
      const row = viewsByDay.get(date);
      return {
        date,
        uniqueVisitors: row?.unique_visitors ?? 0,
        totalPageViews: row?.page_views ?? 0,
      };
    });
    const tokensOf = (a?: { prompt_tokens: number; completion_tokens: number }) =>
      a ? a.prompt_tokens + a.completion_tokens : 0;
    const totalVisitors = analytics.reduce((sum, d) => sum + d.uniqueVisitors, 0);
    const totalPageViews = analytics.reduce((sum, d) => sum + d.totalPageViews, 0);
    const todayViews = viewsByDay.get(today);
    const todayAi = aiByDay.get(today);
    return {
      period: { days, from, to: today },
      summary: {
        totalVisitors,
        totalPageViews,
        totalAiRequests: ai.reduce((sum, a) => sum + a.request_count, 0),
        totalAiTokensUsed: ai.reduce((sum, a) => sum + tokensOf(a), 0),
        avgDailyVisitors: oneDecimal(totalVisitors / days),
        avgDailyPageViews: oneDecimal(totalPageViews / days),
      },
      todayAnalytics: {
        uniqueVisitors: todayViews?.unique_visitors ?? 0,
        totalPageViews: todayViews?.page_views ?? 0,
        totalAiRequests: todayAi?.request_count ?? 0,
        totalAiTokensUsed: tokensOf(todayAi),
      },
      analytics,
    };
  }

  /** Today's figures from the rollup, and the newest raw page views of the last 7 days. */
  async visitorTracking(): Promise<VisitorTracking> {
    const now = this.clock();
    const today = dayOf(now);
    const from = addDays(today, -(VISITOR_TRACKING_DAYS - 1));
    const [days, rows] = await Promise.all([
      pageViewDays(this.db, from, today),
      // Seven whole São Paulo days start at most 8 × 24 h ago; the day filter below trims the rest.
      newestPageViews(
        this.db,
        new Date(now.getTime() - (VISITOR_TRACKING_DAYS + 1) * 24 * 3_600_000),
        VISITOR_TRACKING_MAX_ROWS,
      ),
    ]);
    const todayRow = days.find((d) => d.day === today);
    return {
      todayCount: todayRow?.page_views ?? 0,
      uniqueIpsToday: todayRow?.unique_visitors ?? 0,
      totalLast7Days: days.reduce((sum, d) => sum + d.page_views, 0),
      visitors: rows
        .filter((r) => dayOf(r.occurred_at) >= from)
        .map((r) => ({
          date: r.occurred_at.toISOString(),
          ipAddress: r.ip_address,
          userAgent: r.user_agent,
          userId: r.user_id,
        })),
    };
  }
}
