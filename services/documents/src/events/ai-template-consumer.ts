import type { AiTemplateChangedPayload, EventEnvelope } from '@pv/contracts';
import { type DurableSubscription, processOnce } from '@pv/service-kit/events';
import type { DocumentsKysely } from '../db/schema.js';
import { saveTemplateState } from '../templates/document-template.repository.js';
import { type DocumentsConsumerOptions, startDocumentsConsumer } from './durable-consumer.js';

/**
 * Keeps the document templates' projection: each ai.template.changed.v1 applied once
 * (processOnce), so a redelivery changes nothing; an older event than the row is ignored; a
 * deletion leaves a tombstone. Only a document template's text is kept.
 */
export async function applyAiTemplateEvent(
  db: DocumentsKysely,
  event: EventEnvelope,
): Promise<void> {
  if (event.subject !== 'ai.template.changed.v1') return;
  const { change, template } = event.payload as AiTemplateChangedPayload;
  const isDocumentTemplate = template.templateType === 'document_template';
  await processOnce(db, event, (trx) =>
    saveTemplateState(trx, {
      templateId: template.id,
      templateKey: storable(template.templateKey),
      templateType: template.templateType,
      name: storable(template.name),
      prompt: isDocumentTemplate ? storable(template.prompt) : null,
      isActive: template.isActive,
      changedAt: new Date(event.occurredAt),
      deleted: change === 'deleted',
    }),
  );
}

// Postgres text cannot hold NUL: an event carrying one would be refused for ever (redelivered
// without end), so it is dropped here; the rest of the cleaning happens where a template is used.
const storable = (text: string) => text.replaceAll('\u0000', '');

/** The durable consumer of ai.template.changed.v1 (named by DOCUMENTS_TEMPLATES_CONSUMER). */
export function startAiTemplateConsumer(
  nc: Parameters<typeof startDocumentsConsumer>[0],
  options: DocumentsConsumerOptions,
): Promise<DurableSubscription> {
  return startDocumentsConsumer(nc, {
    ...options,
    subject: 'ai.template.changed.v1',
    apply: applyAiTemplateEvent,
  });
}
