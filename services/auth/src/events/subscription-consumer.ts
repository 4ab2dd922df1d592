import type { EventEnvelope, SubscriptionChangedPayload } from '@pv/contracts';
import {
  type DurableSubscription,
  enqueueEvent,
  processOnce,
  subscribeDurable,
} from '@pv/service-kit/events';
import type { ServiceRuntime } from '@pv/service-kit/runtime';
import type { AuthDatabase, UserRow } from '../db/schema.js';
import { toChangedUser, toPrincipalFields } from '../users/user.mapper.js';
import { updateUser } from '../users/user.repository.js';

/** What the consumer needs of the auth runtime (the runtime itself fits). */
export type SubscriptionConsumerDeps = Pick<
  ServiceRuntime<AuthDatabase>,
  'db' | 'sessions' | 'relay' | 'log'
>;

/**
 * Applies billing.subscription.changed.v1: stores the Stripe subscription status, so /auth/user
 * and every session show isPremium (the admin's own Premium flag is a separate column that this
 * never touches, so Premium granted by hand survives a cancelled subscription).
 */
export async function applySubscriptionChange(
  deps: Omit<SubscriptionConsumerDeps, 'log'>,
  event: EventEnvelope,
): Promise<void> {
  const payload = event.payload as SubscriptionChangedPayload;
  let updated: UserRow | undefined;
  await processOnce(deps.db, event, async (trx) => {
    updated = await updateUser(trx, payload.userId, {
      subscription_status: payload.subscriptionStatus,
    });
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

/**
 * The durable consumer that keeps users' subscription status in step with billing.
 * @example const consumer = await startSubscriptionConsumer(await runtime.nats.connected(), runtime);
 */
export function startSubscriptionConsumer(
  nc: Parameters<typeof subscribeDurable>[0],
  deps: SubscriptionConsumerDeps,
  durable = 'auth-subscriptions',
): Promise<DurableSubscription> {
  return subscribeDurable(nc, {
    durable,
    subjects: ['billing.subscription.changed.v1'],
    handler: (event) => applySubscriptionChange(deps, event),
    log: deps.log,
  });
}
