import type { Principal } from '@pv/service-kit/http';
import type { BillingDb } from '../db/schema.js';
import { hasActiveSubscription } from './subscription.repository.js';

/**
 * Premium is isPremium (which auth keeps from the admin's flag and the subscription status) or,
 * until auth has caught up with the event, an active subscription billing itself knows of.
 */
export async function isPremium(db: BillingDb, principal: Principal): Promise<boolean> {
  if (principal.isPremium) return true;
  return hasActiveSubscription(db, principal.userId);
}
