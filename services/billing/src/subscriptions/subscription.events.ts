import type { SubscriptionChangedPayload } from '@pv/contracts';
import { enqueueEvent } from '@pv/service-kit/events';
import type { BillingDb } from '../db/schema.js';

// The event this domain emits, written to the outbox in the caller's transaction (the relay sends it).

/** auth keeps isPremium from this. */
export async function publishSubscriptionChanged(
  trx: BillingDb,
  payload: SubscriptionChangedPayload,
): Promise<void> {
  await enqueueEvent(trx, 'billing.subscription.changed.v1', payload);
}
