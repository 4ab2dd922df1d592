import type { EventEnvelope, UserChangedPayload } from '@pv/contracts';
import { type DurableSubscription, processOnce } from '@pv/service-kit/events';
import type { DocumentsKysely } from '../db/schema.js';
import { applyUserChanged } from '../professionals/professional-projection.js';
import { type DocumentsConsumerOptions, startDocumentsConsumer } from './durable-consumer.js';

/**
 * Keeps the professionals' projection: each auth.user.changed.v1 applied once (processOnce), so
 * a redelivery changes nothing; a deletion erases the professional.
 */
export async function applyProfessionalEvent(
  db: DocumentsKysely,
  event: EventEnvelope,
): Promise<void> {
  if (event.subject !== 'auth.user.changed.v1') return;
  await processOnce(db, event, (trx) =>
    applyUserChanged(trx, event.payload as UserChangedPayload, new Date(event.occurredAt)),
  );
}

/** The durable consumer of auth.user.changed.v1 (named by DOCUMENTS_CONSUMER). */
export function startProfessionalConsumer(
  nc: Parameters<typeof startDocumentsConsumer>[0],
  options: DocumentsConsumerOptions,
): Promise<DurableSubscription> {
  return startDocumentsConsumer(nc, {
    ...options,
    subject: 'auth.user.changed.v1',
    apply: applyProfessionalEvent,
  });
}
