import type { EventEnvelope, SubscriptionChangedPayload } from '@pv/contracts';
import {
  type DurableSubscription,
  enqueueEvent,
  processOnce,
  subscribeDurable,
} from '@pv/service-kit';
import type { Logger } from 'pino';
import type { UserRow } from '../db/schema.js';
import type { AuthDeps } from '../deps.js';
import { toChangedUser, toPrincipalFields } from '../users/user.mapper.js';

/**
 * Applies billing.subscription.changed.v1: stores the Stripe subscription status, so /auth/user
 * and every session show isPremium (the admin's own Premium flag is a separate column that this
 * never touches, so Premium granted by hand survives a cancelled subscription).
 */
export async function applySubscriptionChange(
  deps: Pick<AuthDeps, 'db' | 'sessions' | 'relay'>,
  event: EventEnvelope,
): Promise<void> {
  const payload = event.payload as SubscriptionChangedPayload;
  let updated: UserRow | undefined;
  await processOnce(deps.db, event, async (trx) => {
    updated = await trx
      .updateTable('users')
      .set({ subscription_status: payload.subscriptionStatus, updated_at: new Date() })
      .where('id', '=', payload.userId)
      .returningAll()
      .executeTakeFirst();
    if (updated)
      await enqueueEvent(trx, 'auth.user.changed.v1', {
        change: 'updated',
        user: toChangedUser(updated),
      });
  });
  if (!updated) return;
  deps.relay.kick();
  await deps.sessions.store.updateAllOf(updated.id, toPrincipalFields(updated));
}

/** The durable consumer that keeps users' subscription status in step with billing. */
export function startSubscriptionConsumer(
  nc: Parameters<typeof subscribeDurable>[0],
  deps: Pick<AuthDeps, 'db' | 'sessions' | 'relay'>,
  log: Logger,
  durable = 'auth-subscriptions',
): Promise<DurableSubscription> {
  return subscribeDurable(nc, {
    durable,
    subjects: ['billing.subscription.changed.v1'],
    handler: (event) => applySubscriptionChange(deps, event),
    log,
  });
}
