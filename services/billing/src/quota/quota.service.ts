import {
  BillingMessages,
  BYTES_PER_MB,
  FREE_LIMITS,
  PREMIUM_LIMITS,
  type QuotaConsumeBody,
  type QuotaConsumeResponse,
  type QuotaKind,
  type StorageCheckResponse,
} from '@pv/contracts';
import { forbidden, type Principal, tooManyRequests } from '@pv/service-kit/http';
import type { BillingKysely, MonthlyUsageRow } from '../db/schema.js';
import { isPremium } from '../subscriptions/premium.js';
import { type Period, periodOf } from '../usage/period.js';
import { storedBytesOf } from '../usage/storage.repository.js';
import { addToMonth, findMonth, lockMonth } from '../usage/usage.repository.js';
import {
  insertReservation,
  pendingReservations,
  releaseReservation,
  reservationOwner,
} from './quota.repository.js';

/** The free plan's monthly limits; PDF text extraction's is configured (issue 24). */
export const freeLimitsOf = (extractionLimit: number): Record<QuotaKind, number> => ({
  formatting: FREE_LIMITS.formattingLimit,
  pdf: FREE_LIMITS.pdfLimit,
  'ai-request': FREE_LIMITS.aiRequestLimit,
  extraction: extractionLimit,
});

const COUNTER: Record<
  QuotaKind,
  'formatting_count' | 'pdf_count' | 'ai_request_count' | 'extraction_count'
> = {
  formatting: 'formatting_count',
  pdf: 'pdf_count',
  'ai-request': 'ai_request_count',
  extraction: 'extraction_count',
};

export const countedOf = (
  row: Pick<
    MonthlyUsageRow,
    'formatting_count' | 'pdf_count' | 'ai_request_count' | 'extraction_count'
  >,
  kind: QuotaKind,
) => row[COUNTER[kind]];

const MESSAGE: Record<QuotaKind, (limit: number) => string> = {
  formatting: BillingMessages.formattingLimit,
  pdf: BillingMessages.pdfLimit,
  'ai-request': BillingMessages.aiRequestLimit,
  extraction: BillingMessages.extractionLimit,
};
export const limitMessage = (kind: QuotaKind, limit: number) => MESSAGE[kind](limit);

/** Actions no event settles: counted in the month as billing allows them. */
const COUNTED_AT_ONCE: ReadonlySet<QuotaKind> = new Set(['extraction']);

const limitCode = (kind: QuotaKind) => `${kind.replace('-', '_').toUpperCase()}_LIMIT_REACHED`;

/**
 * The plan limits, enforced for the formatting and documents services. Used this
 * month = what the events counted + the reservations whose event has not arrived yet.
 */
export class QuotaService {
  private readonly limits: Record<QuotaKind, number>;

  constructor(
    private readonly db: BillingKysely,
    private readonly reservationTtlSeconds: number,
    freeExtractionsPerMonth: number = FREE_LIMITS.extractionLimit,
  ) {
    this.limits = freeLimitsOf(freeExtractionsPerMonth);
  }

  /**
   * Reserves one action. The user's month row is locked for the check and the insert, so N
   * concurrent calls with one unit left let exactly one through.
   */
  async consume(principal: Principal, body: QuotaConsumeBody): Promise<QuotaConsumeResponse> {
    const premium = await isPremium(this.db, principal);
    const period = periodOf(new Date());
    const limit = premium ? -1 : this.limits[body.kind];
    // Another user's reservation id is refused: it would count as this caller's retry.
    const owner = await reservationOwner(this.db, body.reservationId);
    if (owner !== undefined && owner !== principal.userId)
      throw forbidden(BillingMessages.reservationNotYours, 'RESERVATION_NOT_YOURS');
    if (premium) {
      // Nothing to decide: no lock; the reservation is kept so its event settles it (or, for an
      // action without one, it is counted now).
      await this.db.transaction().execute(async (trx) => {
        const written = await insertReservation(
          trx,
          this.reservation(principal.userId, body, period),
          { ignoreDuplicate: true, settled: COUNTED_AT_ONCE.has(body.kind) },
        );
        if (written && COUNTED_AT_ONCE.has(body.kind))
          await addToMonth(trx, {
            userId: principal.userId,
            period,
            add: { [COUNTER[body.kind]]: 1 },
          });
      });
      const row = await findMonth(this.db, principal.userId, period);
      return { allowed: true, kind: body.kind, limit, used: row ? countedOf(row, body.kind) : 0 };
    }
    return this.db.transaction().execute(async (trx) => {
      const row = await lockMonth(trx, principal.userId, period);
      const pending = await pendingReservations(trx, {
        userId: principal.userId,
        kind: body.kind,
        period,
        ttlSeconds: this.reservationTtlSeconds,
      });
      const used = countedOf(row, body.kind) + pending;
      // A retried call (same reservation id, same user) was already counted.
      const retried = await reservationOwner(trx, body.reservationId);
      if (retried === principal.userId) return { allowed: true, kind: body.kind, limit, used };
      if (retried !== undefined)
        throw forbidden(BillingMessages.reservationNotYours, 'RESERVATION_NOT_YOURS');
      if (used >= this.limits[body.kind])
        throw tooManyRequests(limitMessage(body.kind, limit), limitCode(body.kind));
      // Transcriptions are speech sessions (counted when a recording starts); a free user who
      // has used the month's sessions formats no more notes from them.
      if (body.kind === 'formatting' && row.transcription_count >= FREE_LIMITS.transcriptionLimit)
        throw tooManyRequests(
          BillingMessages.transcriptionLimit(FREE_LIMITS.transcriptionLimit),
          'TRANSCRIPTION_LIMIT_REACHED',
        );
      const countedNow = COUNTED_AT_ONCE.has(body.kind);
      await insertReservation(trx, this.reservation(principal.userId, body, period), {
        settled: countedNow,
      });
      if (countedNow)
        await addToMonth(trx, {
          userId: principal.userId,
          period,
          add: { [COUNTER[body.kind]]: 1 },
        });
      return { allowed: true, kind: body.kind, limit, used: used + 1 };
    });
  }

  /**
   * May the user store `bytes` more? The plan's storage limit (1000 MB free, 10000
   * Premium) against what formatting and documents last reported (usage.storage.changed.v1).
   */
  async checkStorage(principal: Principal, bytes: number): Promise<StorageCheckResponse> {
    const premium = await isPremium(this.db, principal);
    const limitMb = premium ? PREMIUM_LIMITS.storageLimit : FREE_LIMITS.storageLimit;
    const limitBytes = limitMb * BYTES_PER_MB;
    const usedBytes = await storedBytesOf(this.db, principal.userId);
    if (bytes > 0 && usedBytes + bytes > limitBytes)
      throw tooManyRequests(
        BillingMessages.storageLimit(limitMb, premium),
        'STORAGE_LIMIT_REACHED',
      );
    return { allowed: true, usedBytes, limitBytes };
  }

  private reservation(userId: string, body: QuotaConsumeBody, period: Period) {
    return { id: body.reservationId, userId, kind: body.kind, period };
  }

  /** Gives back a reservation of the caller's whose action failed; a second call does nothing. */
  async release(principal: Principal, reservationId: string): Promise<boolean> {
    return releaseReservation(this.db, principal.userId, reservationId);
  }
}
