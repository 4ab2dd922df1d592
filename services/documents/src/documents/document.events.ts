import type { DocumentGeneratedPayload } from '@pv/contracts';
import { enqueueEvent } from '@pv/service-kit';
import type { DocumentsKysely } from '../db/schema.js';

/**
 * A document was generated (type and format only: nothing clinical leaves the service). Billing
 * counts PDFs from it and settles the PDF's quota reservation (`reservationId`).
 */
export async function publishDocumentGenerated(
  db: DocumentsKysely,
  payload: DocumentGeneratedPayload,
): Promise<void> {
  await enqueueEvent(db, 'document.generated.v1', payload);
}
