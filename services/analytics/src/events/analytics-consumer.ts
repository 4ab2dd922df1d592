import type { NatsConnection } from '@nats-io/transport-node';
import type { EventSubject } from '@pv/contracts';
import { type DurableSubscription, subscribeDurable } from '@pv/service-kit/events';
import type { Logger } from 'pino';
import type { AnalyticsKysely } from '../db/schema.js';
import { applyAnalyticsEvent } from '../projections/projection.service.js';

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

/** The durable consumer behind every event-made figure of the service (ANALYTICS_CONSUMER). */
export function startAnalyticsConsumer(
  nc: NatsConnection,
  options: { db: AnalyticsKysely; durable: string; log: Logger },
): Promise<DurableSubscription> {
  const { db, durable, log } = options;
  return subscribeDurable(nc, {
    durable,
    subjects: ANALYTICS_SUBJECTS,
    handler: (event) => applyAnalyticsEvent(db, event),
    log,
  });
}
