import type { KitTables } from '@pv/service-kit/events';
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';

/** Who a user is, as auth.user.changed.v1 tells billing (for Stripe customers and memberSince). */
export interface BillingUsersTable {
  user_id: string;
  email: string;
  full_name: string;
  member_since: Date;
  updated_at: Generated<Date>;
}

/**
 * One row per user and calendar month (America/Sao_Paulo). The counters come from events; the
 * row is also the lock that serialises quota checks of that user and month.
 */
export interface MonthlyUsageTable {
  user_id: string;
  year: number;
  month: number;
  login_count: Generated<number>;
  transcription_count: Generated<number>;
  formatting_count: Generated<number>;
  pdf_count: Generated<number>;
  ai_request_count: Generated<number>;
  /** numeric: read back as a string by pg. */
  ai_cost_usd: Generated<string>;
  speech_seconds: Generated<number>;
  /** PDF text extractions (issue 24): counted when billing allows one, no event settles them. */
  extraction_count: Generated<number>;
  /** bigint: the user's stored bytes when the row was made or last changed in its month. */
  storage_bytes: Generated<string>;
}

/** What a user stores per source, as the owning service last measured it (issue 17). */
export interface StoredBytesTable {
  user_id: string;
  source: string;
  /** bigint: read back as a string by pg. */
  bytes: string | number;
  measured_at: Date;
}

export interface QuotaReservationsTable {
  id: string;
  user_id: string;
  kind: 'formatting' | 'pdf' | 'ai-request' | 'extraction';
  year: number;
  month: number;
  created_at: Generated<Date>;
  /** The action failed and gave its unit back. */
  released_at: Date | null;
  /** The action's event arrived and is now in the month's counters. */
  settled_at: Date | null;
}

export interface StripeCustomersTable {
  user_id: string;
  customer_id: string;
  created_at: Generated<Date>;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  status: string;
  amount_cents: number;
  currency: string;
  started_at: Date | null;
  current_period_end: Date | null;
  ended_at: Date | null;
  /** The user cancelled: Stripe ends the subscription when the paid period does. */
  cancel_at_period_end: Generated<boolean>;
  /** When Stripe says the status last changed: older events never overwrite newer ones. */
  status_at: Date;
  created_at: Generated<Date>;
}

/** Speech sessions already counted (the browser's session id), so a retry counts once. */
export interface TranscriptionSessionsTable {
  id: string;
  user_id: string;
  created_at: Generated<Date>;
}

/** Usage reports already charged, by their idempotency key (a retried report charges once). */
export interface SpeechReportsTable {
  id: string;
  user_id: string;
  created_at: Generated<Date>;
}

export interface SubscriptionPaymentsTable {
  /** The Stripe invoice id. */
  id: string;
  subscription_id: string;
  user_id: string;
  status: 'paid' | 'failed';
  amount_cents: number;
  currency: string;
  payment_method: string;
  created_at: Generated<Date>;
}

/** Stripe event ids already applied: a replayed webhook changes nothing. */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Generated<Date>;
}

/**
 * A Soniox key minted for a user and the one stream it may open (issue 15): at most one is
 * unsettled per user; what it may be charged is bounded by its key's session duration
 * (`max_seconds`). Until settled it holds `max_seconds` of the allowance (issue 24): Soniox's
 * usage record (client_reference_id = id) settles it, or the record deadline at its worst case.
 */
export interface SpeechStreamsTable {
  id: string;
  user_id: string;
  minted_at: Generated<Date>;
  max_seconds: number;
  /** After this the key can no longer stream: a stream never ended is charged in full. */
  window_ends_at: Date;
  /** What the month counts for it: the live (browser, server clock) count, then the settled one. */
  charged_seconds: Generated<number>;
  /** The browser said it stopped: live counting ends, the hold does not. */
  ended_at: Date | null;
  settled_at: Date | null;
  /** 'record': Soniox's usage log; 'deadline': no record in time, the worst case stands. */
  settled_by: 'record' | 'deadline' | 'browser' | null;
  /** The audio seconds Soniox recorded for the stream's key. */
  provider_seconds: number | null;
  /** The month's allowance when the key was minted (null: minted before issue 24). */
  allowance_seconds: number | null;
}

export interface BillingDatabase {
  billing_users: BillingUsersTable;
  monthly_usage: MonthlyUsageTable;
  quota_reservations: QuotaReservationsTable;
  stripe_customers: StripeCustomersTable;
  subscriptions: SubscriptionsTable;
  subscription_payments: SubscriptionPaymentsTable;
  stripe_events: StripeEventsTable;
  speech_streams: SpeechStreamsTable;
  transcription_sessions: TranscriptionSessionsTable;
  speech_reports: SpeechReportsTable;
  stored_bytes: StoredBytesTable;
}

export type MonthlyUsageRow = Selectable<MonthlyUsageTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SpeechStreamRow = Selectable<SpeechStreamsTable>;

/** The billing database with the kit's outbox and processed-events tables. */
export type BillingKysely = Kysely<BillingDatabase & KitTables>;
/** What a repository function takes first: the database or a transaction on it. */
export type BillingDb = BillingKysely | Transaction<BillingDatabase & KitTables>;
