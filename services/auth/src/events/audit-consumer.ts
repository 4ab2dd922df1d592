import type { AuditRecordedPayload, EventEnvelope } from '@pv/contracts';
import { type DurableSubscription, subscribeDurable } from '@pv/service-kit/events';
import type { ServiceRuntime } from '@pv/service-kit/runtime';
import { insertAuditEntry } from '../audit/audit.repository.js';
import type { AuthDatabase } from '../db/schema.js';

export type AuditConsumerDeps = Pick<ServiceRuntime<AuthDatabase>, 'db' | 'log'>;

/** Stores one audit.access.recorded.v1; the event id is the row id, so redelivery adds nothing. */
export async function applyAuditRecorded(
  deps: Pick<AuditConsumerDeps, 'db'>,
  event: EventEnvelope,
): Promise<void> {
  await insertAuditEntry(deps.db, {
    id: event.id,
    occurredAt: event.occurredAt,
    payload: event.payload as AuditRecordedPayload,
  });
}

/**
 * The durable consumer that keeps the audit trail: every service (auth included) records staff
 * access in its outbox, in the action's own transaction, and this one place stores it.
 * @example const consumer = await startAuditConsumer(await runtime.nats.connected(), runtime);
 */
export function startAuditConsumer(
  nc: Parameters<typeof subscribeDurable>[0],
  deps: AuditConsumerDeps,
  durable = 'auth-audit',
): Promise<DurableSubscription> {
  return subscribeDurable(nc, {
    durable,
    subjects: ['audit.access.recorded.v1'],
    handler: (event) => applyAuditRecorded(deps, event),
    log: deps.log,
  });
}
