import type { UserChangedPayload } from '@pv/contracts';
import { sql } from 'kysely';
import type { AnalyticsDb } from '../db/schema.js';
import type { Day } from '../time/sao-paulo-day.js';

/** Adds one AI request, its tokens and its cost to the day's row (created when missing). */
export async function addAiRequest(
  trx: AnalyticsDb,
  day: Day,
  usage: { promptTokens: number; completionTokens: number; costUsd: string },
): Promise<void> {
  await trx
    .insertInto('ai_usage_daily')
    .values({
      day,
      request_count: 1,
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      cost_usd: usage.costUsd,
    })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet({
        request_count: sql`ai_usage_daily.request_count + 1`,
        prompt_tokens: sql`ai_usage_daily.prompt_tokens + EXCLUDED.prompt_tokens`,
        completion_tokens: sql`ai_usage_daily.completion_tokens + EXCLUDED.completion_tokens`,
        cost_usd: sql`ai_usage_daily.cost_usd + EXCLUDED.cost_usd`,
      }),
    )
    .execute();
}

/** Writes the user as the event describes them, unless a newer event already did. */
export async function upsertUser(
  trx: AnalyticsDb,
  user: UserChangedPayload['user'],
  changedAt: Date,
): Promise<void> {
  const values = {
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: user.fullName,
    email: user.email,
    is_admin: user.isAdmin,
    is_premium: user.isPremium,
    user_status: user.userStatus,
    created_at: new Date(user.createdAt),
    last_login_at: user.lastLoginAt ? new Date(user.lastLoginAt) : null,
    changed_at: changedAt,
  };
  await trx
    .insertInto('analytics_users')
    .values({ id: user.id, ...values })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet(values).where('analytics_users.changed_at', '<=', changedAt),
    )
    .execute();
}

/**
 * LGPD erasure: the user's projection, last login and page views (with their address and user
 * agent) go; the daily counts they were part of stay, naming no one.
 */
export async function deleteUser(trx: AnalyticsDb, userId: string): Promise<void> {
  await trx.deleteFrom('analytics_users').where('id', '=', userId).execute();
  await trx.deleteFrom('user_logins').where('user_id', '=', userId).execute();
  await trx.deleteFrom('page_views').where('user_id', '=', userId).execute();
}

/** Keeps the newest login of the user. */
export async function recordLogin(trx: AnalyticsDb, userId: string, at: Date): Promise<void> {
  await trx
    .insertInto('user_logins')
    .values({ user_id: userId, last_login_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        last_login_at: sql`GREATEST(user_logins.last_login_at, EXCLUDED.last_login_at)`,
      }),
    )
    .execute();
}
