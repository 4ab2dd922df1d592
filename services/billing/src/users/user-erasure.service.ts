import type { EventEnvelope, UserChangedPayload } from '@pv/contracts';
import { eraseOutboxOf, processOnce, tombstoneUser } from '@pv/service-kit/events';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { BillingKysely } from '../db/schema.js';
import { eraseBillingUser, stripeObjectsOf } from './billing-user.repository.js';

/** Stripe answered 404: what we wanted gone is already gone. */
const isMissing = (error: unknown) =>
  (error as { statusCode?: number; code?: string }).statusCode === 404 ||
  (error as { code?: string }).code === 'resource_missing';

/**
 * Erases a deleted user from billing (LGPD art. 18). Stripe first, outside any transaction: the
 * subscription is cancelled (it must stop charging) and the customer deleted; a failure there
 * throws, so the event is redelivered and retried, and both calls are idempotent (404 counts as
 * done). Then, in one transaction, the rows go and a tombstone stops late events from writing
 * the user back.
 */
export async function eraseUser(
  db: BillingKysely,
  event: EventEnvelope,
  options: { stripe: Stripe | null; log: Logger },
): Promise<void> {
  const { user } = event.payload as UserChangedPayload;
  const { customerIds, liveSubscriptionIds } = await stripeObjectsOf(db, user.id);
  if (options.stripe && (customerIds.length > 0 || liveSubscriptionIds.length > 0)) {
    for (const id of liveSubscriptionIds) {
      await options.stripe.subscriptions.cancel(id).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
    for (const id of customerIds) {
      await options.stripe.customers.del(id).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
  } else if (customerIds.length > 0) {
    options.log.warn(
      { eventId: event.id },
      'erased user has a Stripe customer but Stripe is not configured; delete it there by hand',
    );
  }
  await processOnce(db, event, async (trx) => {
    await eraseBillingUser(trx, user.id);
    await eraseOutboxOf(trx, { userId: user.id, email: user.email });
    await tombstoneUser(trx, user.id);
  });
}
