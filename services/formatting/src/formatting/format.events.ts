import type { AiRequestCompletedPayload, ConsultFormattedPayload } from '@pv/contracts';
import { enqueueEvent } from '@pv/service-kit';
import type { FormattingDb } from '../db/schema.js';

// Events formatting publishes, written to the outbox in the caller's transaction (the relay
// sends them once it commits).

/** A note was formatted: billing counts it (and settles its reservation), the vault keeps it. */
export async function publishConsultFormatted(
  trx: FormattingDb,
  payload: ConsultFormattedPayload,
): Promise<void> {
  await enqueueEvent(trx, 'consult.formatted.v1', payload);
}

/** An LLM call was made: analytics and billing count requests, tokens and cost. */
export async function publishAiRequestCompleted(
  trx: FormattingDb,
  payload: AiRequestCompletedPayload,
): Promise<void> {
  await enqueueEvent(trx, 'ai.request.completed.v1', payload);
}
