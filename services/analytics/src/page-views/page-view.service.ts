import { AnalyticsMessages, type PageViewBody } from '@pv/contracts';
import { type Principal, tooManyRequests } from '@pv/service-kit';
import type { Redis } from 'ioredis';
import type { AnalyticsKysely } from '../db/types.js';
import { dayOf } from '../time/sao-paulo-day.js';
import { insertPageView } from './page-view.repository.js';

const MAX_USER_AGENT = 512;

export interface PageViewDeps {
  db: AnalyticsKysely;
  redis: Redis;
  maxPerMinute: number;
  /** Redis key prefix of the per-address counters (tests use their own). */
  rateLimitNamespace?: string;
}

export interface PageViewSource {
  ipAddress: string;
  userAgent: string | undefined;
  principal: Principal | null;
}

/** POST /api/analytics/page-view: a flood guard per address, then the row and its rollup. */
export class PageViewService {
  constructor(private readonly deps: PageViewDeps) {}

  /**
   * A fixed one-minute window per address. A browser reports one view per navigation, so the
   * default (120) only stops scripts; a view over the limit is refused, not counted.
   */
  private async limit(ipAddress: string): Promise<void> {
    const namespace = this.deps.rateLimitNamespace ?? 'pv:analytics:page-views:';
    const key = `${namespace}${ipAddress}:${Math.floor(Date.now() / 60_000)}`;
    const [[, count]] = (await this.deps.redis.multi().incr(key).expire(key, 60).exec()) as [
      [null, number],
    ];
    if (count > this.deps.maxPerMinute)
      throw tooManyRequests(AnalyticsMessages.tooManyPageViews, 'PAGE_VIEW_RATE_LIMITED');
  }

  async record(body: PageViewBody, source: PageViewSource, at = new Date()): Promise<void> {
    await this.limit(source.ipAddress);
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
