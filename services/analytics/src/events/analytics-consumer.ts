import type { NatsConnection } from '@nats-io/transport-node';
import type {
  AiRequestCompletedPayload,
  EventEnvelope,
  EventSubject,
  UserChangedPayload,
  UserLoggedInPayload,
} from '@pv/contracts';
import { type DurableSubscription, processOnce, subscribeDurable } from '@pv/service-kit';
import type { Logger } from 'pino';
import type { AnalyticsKysely } from '../db/types.js';
import { dayOf } from '../time/sao-paulo-day.js';
import {
  addAiRequest,
  deleteUser,
  recordLogin,
  upsertUser,
} from './event-projections.repository.js';

/**
 * What the figures are made of. Not consumed: consult.formatted.v1 (clinical text; AI requests
 * come from ai.request.completed.v1), document.generated.v1 and usage.speech-seconds.v1 (no
 * figure of the spec needs them), billing.subscription.changed.v1 (auth republishes the user
 * with the effective Premium, which also honours the admin's own Premium flag).
 */
export const ANALYTICS_SUBJECTS: EventSubject[] = [
  'auth.user.logged-in.v1',
  'auth.user.changed.v1',
  'ai.request.completed.v1',
];

const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;

/**
 * Applies one event to the projections, once: the event id is recorded in the same transaction
 * as the effects (processOnce), so a redelivery or a restart never counts it twice.
 */
export async function applyAnalyticsEvent(
  db: AnalyticsKysely,
  event: EventEnvelope,
): Promise<void> {
  const occurredAt = new Date(event.occurredAt);
  await processOnce(db, event, async (trx) => {
    switch (event.subject) {
      case 'auth.user.logged-in.v1': {
        const p = event.payload as UserLoggedInPayload;
        await recordLogin(trx, p.userId, occurredAt);
        return;
      }
      case 'auth.user.changed.v1': {
        const { change, user } = event.payload as UserChangedPayload;
        if (change === 'deleted') await deleteUser(trx, user.id);
        else await upsertUser(trx, user, occurredAt);
        return;
      }
      case 'ai.request.completed.v1': {
        const p = event.payload as AiRequestCompletedPayload;
        await addAiRequest(trx, dayOf(occurredAt), {
          promptTokens: p.promptTokens,
          completionTokens: p.completionTokens,
          // A malformed cost (never sent by our services) counts the request without a cost.
          costUsd: DECIMAL.test(p.costUsd) ? p.costUsd : '0',
        });
        return;
      }
    }
  });
}

/** The durable consumer behind every event-made figure of the service. */
export function startAnalyticsConsumer(
  nc: NatsConnection,
  db: AnalyticsKysely,
  durable: string,
  log: Logger,
): Promise<DurableSubscription> {
  return subscribeDurable(nc, {
    durable,
    subjects: ANALYTICS_SUBJECTS,
    handler: (event) => applyAnalyticsEvent(db, event),
    log,
  });
}
