import type { Insertable, Updateable } from 'kysely';
import type {
  BillingDb,
  SubscriptionPaymentsTable,
  SubscriptionRow,
  SubscriptionsTable,
} from '../db/schema.js';

export function findSubscriptionOf(db: BillingDb, userId: string, subscriptionId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findSubscription(db: BillingDb, subscriptionId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
}

/** The subscription's row, locked until the transaction ends (status changes are serialised). */
export function lockSubscription(trx: BillingDb, subscriptionId: string) {
  return trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateSubscription(
  trx: BillingDb,
  subscriptionId: string,
  changes: Updateable<SubscriptionsTable>,
): Promise<SubscriptionRow> {
  return trx
    .updateTable('subscriptions')
    .set(changes)
    .where('id', '=', subscriptionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertSubscription(
  db: BillingDb,
  row: Insertable<SubscriptionsTable>,
): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

/** The user's newest subscription still waiting for its first payment, created after `since`. */
export function findIncompleteSubscription(db: BillingDb, userId: string, since: Date) {
  return db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'incomplete')
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function hasActiveSubscription(db: BillingDb, userId: string): Promise<boolean> {
  const active = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return active !== undefined;
}

/** Statuses in which a subscription still runs (and can be cancelled). */
export const RUNNING_STATUSES = ['active', 'past_due', 'trialing'] as const;

/** The user's newest subscription that still runs, if any. */
export function findRunningSubscription(db: BillingDb, userId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', RUNNING_STATUSES)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function subscriptionsOfUser(db: BillingDb, userId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** How each of the user's subscriptions was paid (its paid invoices). */
export function paidMethodsOfUser(db: BillingDb, userId: string) {
  return db
    .selectFrom('subscription_payments')
    .select(['subscription_id', 'payment_method'])
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .execute();
}

/** Records an invoice's outcome; a later event for the same invoice overwrites it. */
export async function upsertPayment(
  trx: BillingDb,
  payment: Insertable<SubscriptionPaymentsTable>,
): Promise<void> {
  const { id: _id, subscription_id: _s, user_id: _u, ...values } = payment;
  await trx
    .insertInto('subscription_payments')
    .values(payment)
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export async function findStripeCustomer(db: BillingDb, userId: string) {
  const row = await db
    .selectFrom('stripe_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.customer_id;
}

export async function insertStripeCustomer(
  db: BillingDb,
  userId: string,
  customerId: string,
): Promise<void> {
  await db
    .insertInto('stripe_customers')
    .values({ user_id: userId, customer_id: customerId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Records a Stripe event id; false when it was already recorded (a replayed webhook). */
export async function recordStripeEvent(
  trx: BillingDb,
  event: { id: string; type: string },
): Promise<boolean> {
  const fresh = await trx
    .insertInto('stripe_events')
    .values(event)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return fresh !== undefined;
}
