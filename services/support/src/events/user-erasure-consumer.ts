import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope, UserChangedPayload } from '@pv/contracts';
import { type DurableSubscription, processOnce, subscribeDurable } from '@pv/service-kit/events';
import { deleteKeysNaming } from '@pv/service-kit/runtime';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { SupportKysely } from '../db/schema.js';
import { deleteTicketsOfUser } from '../tickets/ticket.repository.js';

/**
 * LGPD erasure: when auth deletes an account, its tickets go too (those it sent signed in, and
 * those sent without a session from its email). Once per event id (processOnce), so a
 * redelivery deletes nothing new; other changes of a user are not this service's business.
 */
export async function applyUserEvent(
  db: SupportKysely,
  event: EventEnvelope,
  limits?: { redis: Redis; keyPrefix: string },
): Promise<void> {
  if (event.subject !== 'auth.user.changed.v1') return;
  const { change, user } = event.payload as UserChangedPayload;
  if (change !== 'deleted') return;
  await processOnce(db, event, async (trx) => {
    await deleteTicketsOfUser(trx, user.id, user.email);
  });
  // The per-user ticket limit's counters are keyed by the user id.
  if (limits) await deleteKeysNaming(limits.redis, limits.keyPrefix, [user.id, user.email]);
}

/** The durable consumer of auth.user.changed.v1 (named by SUPPORT_CONSUMER). */
export function startUserErasureConsumer(
  nc: NatsConnection,
  options: {
    db: SupportKysely;
    durable: string;
    log: Logger;
    /** Where the ticket limits keep their counters, so the user's go too. */
    limits?: { redis: Redis; keyPrefix: string };
  },
): Promise<DurableSubscription> {
  const { db, durable, log, limits } = options;
  return subscribeDurable(nc, {
    durable,
    subjects: ['auth.user.changed.v1'],
    handler: (event) => applyUserEvent(db, event, limits),
    log,
  });
}
