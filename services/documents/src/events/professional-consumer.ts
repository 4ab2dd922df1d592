import type { EventEnvelope, UserChangedPayload } from '@pv/contracts';
import { type DurableSubscription, processOnce, subscribeDurable } from '@pv/service-kit';
import type { Logger } from 'pino';
import type { DocumentsKysely } from '../db/schema.js';
import { applyUserChanged } from '../professionals/professional-projection.js';

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

// The connection type as the kit takes it (documents does not depend on the NATS client itself).
type NatsConnection = Parameters<typeof subscribeDurable>[0];

/** The durable consumer of auth.user.changed.v1 (named by DOCUMENTS_CONSUMER). */
export function startProfessionalConsumer(
  nc: NatsConnection,
  options: { db: DocumentsKysely; durable: string; log: Logger },
): Promise<DurableSubscription> {
  const { db, durable, log } = options;
  return subscribeDurable(nc, {
    durable,
    subjects: ['auth.user.changed.v1'],
    handler: (event) => applyProfessionalEvent(db, event),
    log,
  });
}
