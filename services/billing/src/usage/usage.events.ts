import type { SpeechSecondsPayload } from '@pv/contracts';
import { enqueueEvent } from '@pv/service-kit/events';
import type { BillingDb } from '../db/schema.js';

// The event this domain emits, written to the outbox in the caller's transaction (the relay sends it).

/** Analytics counts the Super Transcritor's seconds from this. */
export async function publishSpeechSeconds(
  trx: BillingDb,
  payload: SpeechSecondsPayload,
): Promise<void> {
  await enqueueEvent(trx, 'usage.speech-seconds.v1', payload);
}
