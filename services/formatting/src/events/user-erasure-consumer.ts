import type { EventEnvelope, UserChangedPayload } from '@pv/contracts';
import {
  type DurableSubscription,
  eraseOutboxOf,
  processOnce,
  subscribeDurable,
  tombstoneUser,
} from '@pv/service-kit/events';
import type { Logger } from 'pino';
import type { FormattingKysely } from '../db/schema.js';
import { deleteTemplatesOfUser } from '../templates/user-template.repository.js';

/**
 * LGPD erasure: when auth deletes an account, its custom templates go, with any event about it
 * still waiting in the outbox; a tombstone records it. Other changes are not formatting's
 * business. Once per event id (processOnce).
 */
export async function applyUserEvent(db: FormattingKysely, event: EventEnvelope): Promise<void> {
  if (event.subject !== 'auth.user.changed.v1') return;
  const { change, user } = event.payload as UserChangedPayload;
  if (change !== 'deleted') return;
  await processOnce(db, event, async (trx) => {
    await deleteTemplatesOfUser(trx, user.id);
    await eraseOutboxOf(trx, { userId: user.id, email: user.email });
    await tombstoneUser(trx, user.id);
  });
}

/** The durable consumer of auth.user.changed.v1 (named by FORMATTING_CONSUMER). */
export function startUserErasureConsumer(
  nc: Parameters<typeof subscribeDurable>[0],
  options: { db: FormattingKysely; durable: string; log: Logger },
): Promise<DurableSubscription> {
  const { db, durable, log } = options;
  return subscribeDurable(nc, {
    durable,
    subjects: ['auth.user.changed.v1'],
    handler: (event) => applyUserEvent(db, event),
    log,
  });
}
