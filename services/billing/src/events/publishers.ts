import type { SpeechSecondsPayload, SubscriptionChangedPayload } from '@pv/contracts';
import { enqueueEvent } from '@pv/service-kit';
import type { BillingDb } from '../db/schema.js';

// Events billing publishes, written to the outbox in the caller's transaction (the relay sends them).

/** auth keeps isPremium from this. */
export async function publishSubscriptionChanged(
  trx: BillingDb,
  payload: SubscriptionChangedPayload,
): Promise<void> {
  await enqueueEvent(trx, 'billing.subscription.changed.v1', payload);
}

/** Analytics counts the Super Transcritor's seconds from this. */
export async function publishSpeechSeconds(
  trx: BillingDb,
  payload: SpeechSecondsPayload,
): Promise<void> {
  await enqueueEvent(trx, 'usage.speech-seconds.v1', payload);
}
