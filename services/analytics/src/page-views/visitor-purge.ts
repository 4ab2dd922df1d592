import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AnalyticsDb } from '../db/schema.js';
import { addDays, dayOf } from '../time/sao-paulo-day.js';
import { deleteExpiredVisitorData } from './page-view.repository.js';

/**
 * The retention rule: a page view's address (with its user agent and user) is kept for
 * `retentionDays` days, then deleted; so are the per-day visitor rows of days that old. The daily
 * counts (page_views_daily) are not personal data and stay.
 */
export function purgeExpiredVisitorData(
  db: AnalyticsDb,
  retentionDays: number,
  now = new Date(),
): Promise<{ pageViews: number; dailyVisitors: number }> {
  const before = new Date(now.getTime() - retentionDays * 24 * 3_600_000);
  return deleteExpiredVisitorData(db, { before, beforeDay: addDays(dayOf(now), -retentionDays) });
}

/**
 * Runs the purge now and then every `intervalMinutes`, in one replica at a time: each run takes a
 * Redis lock that expires on its own (a crashed replica never blocks the others for long). The
 * purge is idempotent, so a run that overlaps another would only repeat work.
 */
export function scheduleVisitorPurge(options: {
  db: AnalyticsDb;
  redis: Redis;
  retentionDays: number;
  intervalMinutes: number;
  log: Logger;
  lockKey?: string;
}): { stop: () => Promise<void> } {
  const lockKey = options.lockKey ?? 'pv:analytics:visitor-purge:lock';
  let running: Promise<void> | undefined;
  const run = async () => {
    const lockSeconds = Math.max(60, options.intervalMinutes * 60 - 5);
    const locked = await options.redis.set(lockKey, String(process.pid), 'EX', lockSeconds, 'NX');
    if (locked !== 'OK') return;
    const deleted = await purgeExpiredVisitorData(options.db, options.retentionDays);
    if (deleted.pageViews > 0 || deleted.dailyVisitors > 0)
      options.log.info(deleted, 'expired visitor addresses deleted');
  };
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error) => options.log.warn({ err: error }, 'visitor purge failed; will retry'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMinutes * 60_000);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
