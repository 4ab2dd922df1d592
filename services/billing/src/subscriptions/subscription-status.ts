import type { BillingDb } from '../db/schema.js';
import { publishSubscriptionChanged } from './subscription.events.js';
import { lockSubscription, updateSubscription } from './subscription.repository.js';

export interface StatusChange {
  subscriptionId: string;
  status: string;
  /** When Stripe says this status holds from; an older change never overwrites a newer one. */
  at: Date;
  currentPeriodEnd?: Date | null;
  startedAt?: Date | null;
  endedAt?: Date | null;
  cancelAtPeriodEnd?: boolean;
}

/**
 * Records a subscription's status and, when it changed, tells auth (billing.subscription.changed.v1)
 * in the same transaction. Returns the row, or undefined for a subscription that is not ours.
 */
export async function applyStatus(trx: BillingDb, change: StatusChange) {
  const before = await lockSubscription(trx, change.subscriptionId);
  if (!before) return undefined;
  if (before.status_at > change.at) return before;
  // Stripe never revives a canceled subscription (a new one is created instead), so nothing that
  // arrives later, such as a retried invoice.paid of its last period, makes it active again.
  if (before.status === 'canceled' && change.status !== 'canceled') return before;
  const after = await updateSubscription(trx, change.subscriptionId, {
    status: change.status,
    status_at: change.at,
    ...(change.currentPeriodEnd !== undefined
      ? { current_period_end: change.currentPeriodEnd }
      : {}),
    ...(change.startedAt !== undefined && change.status === 'active' && !before.started_at
      ? { started_at: change.startedAt }
      : {}),
    ...(change.endedAt !== undefined ? { ended_at: change.endedAt } : {}),
    ...(change.cancelAtPeriodEnd !== undefined
      ? { cancel_at_period_end: change.cancelAtPeriodEnd }
      : {}),
  });
  if (after.status !== before.status) {
    await publishSubscriptionChanged(trx, {
      userId: after.user_id,
      subscriptionId: after.id,
      subscriptionStatus: after.status,
      isPremium: after.status === 'active',
    });
  }
  return after;
}
