import type { DocumentGeneratedPayload } from '@pv/contracts';
import { enqueueEvent, type KitTables } from '@pv/service-kit';
import type { Kysely } from 'kysely';

/**
 * A document was generated (type and format only: nothing clinical leaves the service). Billing
 * counts PDFs from it and settles the PDF's quota reservation (`reservationId`).
 */
export async function publishDocumentGenerated<DB extends KitTables>(
  db: Kysely<DB>,
  payload: DocumentGeneratedPayload,
): Promise<void> {
  await enqueueEvent(db, 'document.generated.v1', payload);
}
