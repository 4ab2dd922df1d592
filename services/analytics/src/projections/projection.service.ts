import type {
  AiRequestCompletedPayload,
  EventEnvelope,
  UserChangedPayload,
  UserLoggedInPayload,
} from '@pv/contracts';
import { eraseOutboxOf, isErased, processOnce, tombstoneUser } from '@pv/service-kit/events';
import type { AnalyticsKysely } from '../db/schema.js';
import { dayOf } from '../time/sao-paulo-day.js';
import { addAiRequest, deleteUser, recordLogin, upsertUser } from './projection.repository.js';

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
        // A late login of an erased user brings no one back (tombstone).
        if (await isErased(trx, p.userId)) return;
        await recordLogin(trx, p.userId, occurredAt);
        return;
      }
      case 'auth.user.changed.v1': {
        const { change, user } = event.payload as UserChangedPayload;
        if (change === 'deleted') {
          await deleteUser(trx, user.id);
          await eraseOutboxOf(trx, { userId: user.id, email: user.email });
          await tombstoneUser(trx, user.id);
        } else if (!(await isErased(trx, user.id))) {
          await upsertUser(trx, user, occurredAt);
        }
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
