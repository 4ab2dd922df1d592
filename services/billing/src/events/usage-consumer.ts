import type { NatsConnection } from '@nats-io/transport-node';
import type {
  AiRequestCompletedPayload,
  ConsultFormattedSummaryPayload,
  DocumentGeneratedPayload,
  EventEnvelope,
  EventSubject,
  StorageChangedPayload,
  UserChangedPayload,
  UserLoggedInPayload,
} from '@pv/contracts';
import {
  type DurableSubscription,
  isErased,
  processOnce,
  subscribeDurable,
} from '@pv/service-kit/events';
import pino, { type Logger } from 'pino';
import type Stripe from 'stripe';
import type { BillingKysely } from '../db/schema.js';
import { settleReservation } from '../quota/quota.repository.js';
import { periodOf } from '../usage/period.js';
import { recordStoredBytes } from '../usage/storage.repository.js';
import { addToMonth } from '../usage/usage.repository.js';
import { upsertBillingUser } from '../users/billing-user.repository.js';
import { eraseUser } from '../users/user-erasure.service.js';

export const USAGE_SUBJECTS: EventSubject[] = [
  'auth.user.logged-in.v1',
  'auth.user.changed.v1',
  'consult.formatted.v1',
  'ai.request.completed.v1',
  'document.generated.v1',
  'usage.storage.changed.v1',
];

const silentLog = pino({ level: 'silent' });

const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;

/** The user an event counts for, or null when it is about an anonymous visitor. */
function userOf(event: EventEnvelope): string | null {
  const payload = event.payload as { userId?: string | null; user?: { id: string } };
  return payload.userId ?? payload.user?.id ?? null;
}

/**
 * Applies one event to the counters, once: the event id is recorded in the same transaction as
 * the increments (processOnce), so a redelivery after a crash or restart adds nothing.
 */
export async function applyUsageEvent(
  db: BillingKysely,
  event: EventEnvelope,
  erasure: { stripe: Stripe | null; log: Logger } = { stripe: null, log: silentLog },
): Promise<void> {
  const userId = userOf(event);
  if (!userId) return;
  if (
    event.subject === 'auth.user.changed.v1' &&
    (event.payload as UserChangedPayload).change === 'deleted'
  ) {
    await eraseUser(db, event, erasure);
    return;
  }
  // A late or replayed event about an erased user brings nothing back.
  if (await isErased(db, userId)) return;
  const period = periodOf(new Date(event.occurredAt));
  await processOnce(db, event, async (trx) => {
    switch (event.subject) {
      case 'auth.user.logged-in.v1': {
        const p = event.payload as UserLoggedInPayload;
        await addToMonth(trx, { userId: p.userId, period, add: { login_count: 1 } });
        return;
      }
      case 'auth.user.changed.v1': {
        const { user } = event.payload as UserChangedPayload;
        await upsertBillingUser(trx, {
          id: user.id,
          email: user.email,
          fullName: user.fullName,
          memberSince: new Date(user.createdAt),
        });
        return;
      }
      case 'consult.formatted.v1': {
        const p = event.payload as ConsultFormattedSummaryPayload;
        // A formatting. Transcriptions are speech sessions, counted when the recording starts
        // (POST /api/user-metrics/transcription-sessions): a note may be formatted many times.
        await addToMonth(trx, { userId: p.userId!, period, add: { formatting_count: 1 } });
        // Its quota reservation (same id as the consult) is now in the counters.
        await settleReservation(trx, p.consultId);
        return;
      }
      case 'ai.request.completed.v1': {
        const p = event.payload as AiRequestCompletedPayload;
        await addToMonth(trx, {
          userId: p.userId!,
          period,
          add: {
            ai_request_count: 1,
            ...(DECIMAL.test(p.costUsd) ? { ai_cost_usd: p.costUsd } : {}),
          },
        });
        // A document or diagnostic call made under an AI-request reservation is now counted.
        if (p.reservationId) await settleReservation(trx, p.reservationId);
        return;
      }
      case 'usage.storage.changed.v1': {
        const p = event.payload as StorageChangedPayload;
        const measuredAt = new Date(p.measuredAt);
        await recordStoredBytes(trx, {
          userId: p.userId,
          source: p.source,
          bytes: p.bytes,
          measuredAt,
          period: periodOf(measuredAt),
        });
        return;
      }
      case 'document.generated.v1': {
        const p = event.payload as DocumentGeneratedPayload;
        // A FHIR export counts as a PDF does (issue 28, docs/fhir-export.md).
        if (p.format !== 'pdf' && p.format !== 'fhir') return;
        await addToMonth(trx, { userId: p.userId!, period, add: { pdf_count: 1 } });
        if (p.reservationId) await settleReservation(trx, p.reservationId);
        return;
      }
    }
  });
}

/** The durable consumer of everything the counters are made of. */
export function startUsageConsumer(
  nc: NatsConnection,
  options: { db: BillingKysely; durable: string; log: Logger; stripe?: Stripe | null },
): Promise<DurableSubscription> {
  return subscribeDurable(nc, {
    durable: options.durable,
    subjects: USAGE_SUBJECTS,
    handler: (event) =>
      applyUsageEvent(options.db, event, { stripe: options.stripe ?? null, log: options.log }),
    log: options.log,
  });
}
