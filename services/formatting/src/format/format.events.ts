import type {
  AiRequestCompletedPayload,
  ConsultFormattedPayload,
  ConsultFormattedSummaryPayload,
} from '@pv/contracts';
import { enqueueEvent, stableUuid } from '@pv/service-kit/events';
import type { FormattingDb } from '../db/schema.js';

// Events formatting publishes, written to the outbox in the caller's transaction (the relay
// sends them once it commits).

/**
 * A note was formatted. Two events of one consult: the PHI-free summary that billing counts (and
 * settles its reservation with) and analytics may read, and the text on the restricted
 * `phi.consult.formatted.v1`, which only the vault reads and the broker keeps for hours.
 */
export async function publishConsultFormatted(
  trx: FormattingDb,
  consult: {
    text: ConsultFormattedPayload;
    promptTokens: number;
    completionTokens: number;
    durationMs: number;
    /**
     * Event ids derived from the consult id: a retried consult (same request id) publishing
     * again adds nothing to the outbox, so billing counts it and the vault stores it once.
     */
    stableIds?: boolean;
  },
): Promise<void> {
  const { text } = consult;
  const idOf = (subject: string) =>
    consult.stableIds ? { id: stableUuid(subject, text.consultId) } : {};
  await enqueueEvent(
    trx,
    'consult.formatted.v1',
    {
      consultId: text.consultId,
      userId: text.userId,
      professional: text.professional,
      engine: text.engine,
      transcriptChars: text.rawTranscript.length,
      formattedChars: text.formattedText.length,
      audioLengthSec: text.audioLengthSec,
      promptTokens: consult.promptTokens,
      completionTokens: consult.completionTokens,
      durationMs: consult.durationMs,
    } satisfies ConsultFormattedSummaryPayload,
    idOf('consult.formatted.v1'),
  );
  await enqueueEvent(trx, 'phi.consult.formatted.v1', text, idOf('phi.consult.formatted.v1'));
}

/** An LLM call was made: analytics and billing count requests, tokens and cost. */
export async function publishAiRequestCompleted(
  trx: FormattingDb,
  payload: AiRequestCompletedPayload,
  eventId?: string,
): Promise<void> {
  await enqueueEvent(trx, 'ai.request.completed.v1', payload, eventId ? { id: eventId } : {});
}
