import type { KitTables } from '@pv/service-kit/events';
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';

/**
 * One row per page view, as the SPAs report them. Holds personal data (address, user agent, user):
 * deleted after VISITOR_IP_RETENTION_DAYS; the daily counts below stay.
 */
export interface PageViewsTable {
  id: Generated<string>;
  occurred_at: Date;
  /** São Paulo calendar day of occurred_at ('YYYY-MM-DD'). */
  day: string;
  ip_address: string;
  user_agent: string;
  user_id: string | null;
  app: 'workspace' | 'admin';
  path: string;
  referrer: string | null;
}

/** Who was already counted as a unique visitor of a day (one row per day and address). */
export interface DailyVisitorsTable {
  day: string;
  ip_address: string;
}

/** Page views and unique visitors per São Paulo day, kept up to date by every page view. */
export interface PageViewsDailyTable {
  day: string;
  page_views: Generated<number>;
  unique_visitors: Generated<number>;
}

/** AI requests, tokens and estimated cost per São Paulo day, from ai.request.completed.v1. */
export interface AiUsageDailyTable {
  day: string;
  request_count: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  /** numeric(18, 6): read back as a string by pg. */
  cost_usd: Generated<string>;
}

/** The users as auth.user.changed.v1 describes them (a projection; auth owns the accounts). */
export interface AnalyticsUsersTable {
  id: string;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  is_admin: boolean;
  /** Effective Premium (the admin's flag or an active subscription), as auth computes it. */
  is_premium: boolean;
  user_status: 'active' | 'inactive' | 'suspended';
  created_at: Date;
  last_login_at: Date | null;
  /** occurredAt of the event this row was last written from: an older event never overwrites it. */
  changed_at: Date;
}

/** The newest login of each user, from auth.user.logged-in.v1 (kept apart so order never matters). */
export interface UserLoginsTable {
  user_id: string;
  last_login_at: Date;
}

export interface MarketingMessagesTable {
  id: Generated<string>;
  type: 'signup' | 'premium';
  title: string;
  message: string;
  display_order: number;
  is_active: boolean;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AnalyticsDatabase {
  page_views: PageViewsTable;
  daily_visitors: DailyVisitorsTable;
  page_views_daily: PageViewsDailyTable;
  ai_usage_daily: AiUsageDailyTable;
  analytics_users: AnalyticsUsersTable;
  user_logins: UserLoginsTable;
  marketing_messages: MarketingMessagesTable;
}

export type AnalyticsUserRow = Selectable<AnalyticsUsersTable>;
export type MarketingMessageRow = Selectable<MarketingMessagesTable>;

/** The analytics database handle itself (transactions start here): our tables plus the kit's outbox. */
export type AnalyticsKysely = Kysely<AnalyticsDatabase & KitTables>;
/** What repositories take first: the database or a transaction. */
export type AnalyticsDb = AnalyticsKysely | Transaction<AnalyticsDatabase & KitTables>;
