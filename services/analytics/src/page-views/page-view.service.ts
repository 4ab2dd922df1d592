import { AnalyticsMessages, type PageViewBody } from '@pv/contracts';
import { addressKey, type Principal, type RateLimit, type RateLimiter } from '@pv/service-kit/http';
import type { AnalyticsKysely } from '../db/schema.js';
import { dayOf } from '../time/sao-paulo-day.js';
import { insertPageView } from './page-view.repository.js';

const MAX_USER_AGENT = 512;

/**
 * The flood guard of POST /api/analytics/page-view: a fixed one-minute window per address. A
 * browser reports one view per navigation, so the default (120) only stops scripts; a view over
 * the limit is refused, not counted.
 */
export const pageViewLimit = (maxPerMinute: number): RateLimit => ({
  name: 'page-views',
  points: maxPerMinute,
  durationSeconds: 60,
  message: AnalyticsMessages.tooManyPageViews,
  code: 'PAGE_VIEW_RATE_LIMITED',
});

export interface PageViewDeps {
  db: AnalyticsKysely;
  /** Per-address flood guard (see pageViewLimit); without one every view is recorded. */
  limiter?: RateLimiter;
}

export interface PageViewSource {
  ipAddress: string;
  userAgent: string | undefined;
  principal: Principal | null;
}

/** POST /api/analytics/page-view: a flood guard per address, then the row and its rollup. */
export class PageViewService {
  constructor(private readonly deps: PageViewDeps) {}

  async record(body: PageViewBody, source: PageViewSource, at = new Date()): Promise<void> {
    await this.deps.limiter?.consume(addressKey(source.ipAddress));
    await insertPageView(this.deps.db, {
      occurredAt: at,
      day: dayOf(at),
      ipAddress: source.ipAddress,
      userAgent: (source.userAgent ?? '').slice(0, MAX_USER_AGENT),
      userId: source.principal?.userId ?? null,
      app: body.app,
      path: body.path,
      referrer: body.referrer ?? null,
    });
  }
}
