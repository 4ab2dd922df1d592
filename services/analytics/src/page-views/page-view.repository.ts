import { sql } from 'kysely';
import type { AnalyticsDb } from '../db/schema.js';
import type { Day } from '../time/sao-paulo-day.js';

export interface NewPageView {
  occurredAt: Date;
  day: Day;
  ipAddress: string;
  userAgent: string;
  userId: string | null;
  app: 'workspace' | 'admin';
  path: string;
  referrer: string | null;
}

/**
 * Stores a page view and updates its day's rollup in one statement: the raw row, the day's
 * visitor row (inserted only for an address not yet seen that day) and the day's counters,
 * which gain a unique visitor exactly when the visitor row was new. Reports read only the rollup.
 */
export async function insertPageView(db: AnalyticsDb, view: NewPageView): Promise<void> {
  await sql`
    WITH raw AS (
      INSERT INTO page_views (occurred_at, day, ip_address, user_agent, user_id, app, path, referrer)
      VALUES (${view.occurredAt}, ${view.day}::date, ${view.ipAddress}::inet, ${view.userAgent},
              ${view.userId}::uuid, ${view.app}, ${view.path}, ${view.referrer})
    ),
    new_visitor AS (
      INSERT INTO daily_visitors (day, ip_address)
      VALUES (${view.day}::date, ${view.ipAddress}::inet)
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    INSERT INTO page_views_daily (day, page_views, unique_visitors)
    VALUES (${view.day}::date, 1, (SELECT count(*) FROM new_visitor))
    ON CONFLICT (day) DO UPDATE SET
      page_views = page_views_daily.page_views + 1,
      unique_visitors = page_views_daily.unique_visitors + EXCLUDED.unique_visitors
  `.execute(db);
}

/**
 * Rebuilds the rollups of the given days from the raw rows, with the same meaning as
 * insertPageView (used by the benchmark to load millions of rows in bulk, and by operators after
 * a manual import). Days whose raw rows were already purged keep their counts.
 */
export async function rebuildRollups(db: AnalyticsDb, from: Day, to: Day): Promise<void> {
  await sql`
    INSERT INTO daily_visitors (day, ip_address)
    SELECT DISTINCT day, ip_address FROM page_views WHERE day BETWEEN ${from}::date AND ${to}::date
    ON CONFLICT DO NOTHING
  `.execute(db);
  await sql`
    INSERT INTO page_views_daily (day, page_views, unique_visitors)
    SELECT day, count(*), count(DISTINCT ip_address)
    FROM page_views WHERE day BETWEEN ${from}::date AND ${to}::date
    GROUP BY day
    ON CONFLICT (day) DO UPDATE SET
      page_views = EXCLUDED.page_views,
      unique_visitors = EXCLUDED.unique_visitors
  `.execute(db);
}

const dayText = sql<string>`to_char(day, 'YYYY-MM-DD')`;

/** The rollup rows of the days from..to (days without page views have no row). */
export function pageViewDays(db: AnalyticsDb, from: Day, to: Day) {
  return db
    .selectFrom('page_views_daily')
    .select([dayText.as('day'), 'page_views', 'unique_visitors'])
    .where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`)
    .execute();
}

/** The newest page views since an instant, newest first. */
export function newestPageViews(db: AnalyticsDb, since: Date, limit: number) {
  return db
    .selectFrom('page_views')
    .select([
      'occurred_at',
      sql<string>`host(ip_address)`.as('ip_address'),
      'user_agent',
      'user_id',
    ])
    .where('occurred_at', '>=', since)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Deletes, in batches, raw page views older than `before` and the visitor rows of days before
 * `beforeDay` (both hold addresses); the daily counts stay. Resolves with the rows deleted.
 */
export async function deleteExpiredVisitorData(
  db: AnalyticsDb,
  expiry: { before: Date; beforeDay: Day; batchSize?: number },
): Promise<{ pageViews: number; dailyVisitors: number }> {
  const { before, beforeDay, batchSize = 10_000 } = expiry;
  const deleted = { pageViews: 0, dailyVisitors: 0 };
  for (;;) {
    // Small batches keep each transaction short, so page views keep flowing during a big purge.
    const result = await sql`
      DELETE FROM page_views WHERE id IN (
        SELECT id FROM page_views WHERE occurred_at < ${before} ORDER BY occurred_at LIMIT ${batchSize}
      )
    `.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted.pageViews += count;
    if (count < batchSize) break;
  }
  for (;;) {
    const result = await sql`
      DELETE FROM daily_visitors WHERE (day, ip_address) IN (
        SELECT day, ip_address FROM daily_visitors WHERE day < ${beforeDay}::date LIMIT ${batchSize}
      )
    `.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted.dailyVisitors += count;
    if (count < batchSize) break;
  }
  return deleted;
}
