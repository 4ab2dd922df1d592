import type { AiRequestCompletedPayload, DocumentGeneratedPayload } from '@pv/contracts';
import { enqueueEvent, type KitTables } from '@pv/service-kit/events';
import type { Kysely } from 'kysely';

/**
 * A document was generated (type and format only: nothing clinical leaves the service). Billing
 * counts PDFs from it and settles the PDF's quota reservation (`reservationId`).
 */
export async function publishDocumentGenerated<DB extends KitTables>(
  db: Kysely<DB>,
  payload: DocumentGeneratedPayload,
  /** The event's own id (a retried PDF's): enqueued once whatever attempt publishes it. */
  id?: string,
): Promise<void> {
  await enqueueEvent(db, 'document.generated.v1', payload, id ? { id } : {});
}

/**
 * A document or prescription LLM call completed (no clinical content: purpose, model, tokens,
 * cost). Billing counts it as an AI request and settles its reservation (`reservationId`).
 */
export async function publishAiRequestCompleted<DB extends KitTables>(
  db: Kysely<DB>,
  payload: AiRequestCompletedPayload,
  /** The event's own id (a retried request's): enqueued once whatever attempt publishes it. */
  id?: string,
): Promise<void> {
  await enqueueEvent(db, 'ai.request.completed.v1', payload, id ? { id } : {});
}
