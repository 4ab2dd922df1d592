import type { BillingDb } from '../db/schema.js';

/** Who a user is, as auth.user.changed.v1 told billing. */
export interface BillingUser {
  id: string;
  email: string;
  fullName: string;
  memberSince: Date;
}

/** Keeps billing's copy of a user; member_since is set once, when first seen. */
export async function upsertBillingUser(db: BillingDb, user: BillingUser): Promise<void> {
  const values = { email: user.email, full_name: user.fullName };
  await db
    .insertInto('billing_users')
    .values({ user_id: user.id, member_since: user.memberSince, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

export async function deleteBillingUser(db: BillingDb, userId: string): Promise<void> {
  await db.deleteFrom('billing_users').where('user_id', '=', userId).execute();
  await db.deleteFrom('transcription_sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('speech_reports').where('user_id', '=', userId).execute();
  await db.deleteFrom('speech_streams').where('user_id', '=', userId).execute();
}

export async function memberSinceOf(db: BillingDb, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('billing_users')
    .select('member_since')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.member_since ?? null;
}

/** The user id kept on fiscal records of an erased user: a payment stays, naming no one. */
export const ERASED_USER_ID = '00000000-0000-0000-0000-000000000000';

/** Stripe's ids of what a user has there: the customers, and subscriptions not yet ended. */
export async function stripeObjectsOf(db: BillingDb, userId: string) {
  const customers = await db
    .selectFrom('stripe_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .execute();
  const subscriptions = await db
    .selectFrom('subscriptions')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .execute();
  return {
    customerIds: customers.map((c) => c.customer_id),
    liveSubscriptionIds: subscriptions
      .filter((s) => !['canceled', 'incomplete_expired'].includes(s.status))
      .map((s) => s.id),
  };
}

/**
 * LGPD erasure of a user in billing: their copy of the user, monthly counters, quota
 * reservations, Stripe customer link and subscriptions go; payments stay (fiscal records, see
 * docs/data-map.md) with the user id replaced by ERASED_USER_ID.
 */
export async function eraseBillingUser(trx: BillingDb, userId: string): Promise<void> {
  await trx.deleteFrom('billing_users').where('user_id', '=', userId).execute();
  await trx.deleteFrom('monthly_usage').where('user_id', '=', userId).execute();
  await trx.deleteFrom('stored_bytes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('quota_reservations').where('user_id', '=', userId).execute();
  await trx.deleteFrom('stripe_customers').where('user_id', '=', userId).execute();
  await trx.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
  await trx
    .updateTable('subscription_payments')
    .set({ user_id: ERASED_USER_ID })
    .where('user_id', '=', userId)
    .execute();
}
