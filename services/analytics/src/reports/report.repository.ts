import { sql } from 'kysely';
import type { AnalyticsDb } from '../db/schema.js';
import type { Day } from '../time/sao-paulo-day.js';

/** The AI usage rows of the days from..to (days without requests have no row). */
export function aiUsageDays(db: AnalyticsDb, from: Day, to: Day) {
  return db
    .selectFrom('ai_usage_daily')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'request_count',
      'prompt_tokens',
      'completion_tokens',
    ])
    .where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`)
    .execute();
}

/** AI requests and their summed cost (a 6-place decimal string) over the days from..to. */
export function aiUsageTotal(db: AnalyticsDb, from: Day, to: Day) {
  return db
    .selectFrom('ai_usage_daily')
    .select([
      sql<number>`COALESCE(sum(request_count), 0)::bigint`.as('requests'),
      sql<string>`to_char(COALESCE(sum(cost_usd), 0), 'FM999999999990.000000')`.as('cost_usd'),
    ])
    .where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`)
    .executeTakeFirstOrThrow();
}

export function userCounts(db: AnalyticsDb) {
  return db
    .selectFrom('analytics_users')
    .select([
      sql<number>`count(*)::bigint`.as('total'),
      sql<number>`count(*) FILTER (WHERE user_status = 'active')::bigint`.as('active'),
      sql<number>`count(*) FILTER (WHERE is_premium)::bigint`.as('premium'),
    ])
    .executeTakeFirstOrThrow();
}

/** The newest users with their last login: the newer of the user record's and the login events'. */
export function newestUsers(db: AnalyticsDb, limit: number) {
  return db
    .selectFrom('analytics_users as u')
    .leftJoin('user_logins as l', 'l.user_id', 'u.id')
    .select([
      'u.id',
      'u.full_name',
      'u.email',
      'u.is_admin',
      'u.is_premium',
      'u.user_status',
      'u.created_at',
      sql<Date | null>`GREATEST(u.last_login_at, l.last_login_at)`.as('last_login_at'),
    ])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
}
