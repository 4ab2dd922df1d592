import {
  BillingMessages,
  FREE_LIMITS,
  type QuotaConsumeBody,
  type QuotaConsumeResponse,
  type QuotaKind,
} from '@pv/contracts';
import { type Principal, tooManyRequests } from '@pv/service-kit';
import { sql } from 'kysely';
import type { MonthlyUsageRow } from '../db/schema.js';
import type { BillingDb, BillingKysely } from '../db/types.js';
import { isPremium } from '../subscriptions/premium.js';
import { type Period, periodOf } from '../usage/period.js';
import { findMonth, lockMonth } from '../usage/usage.repository.js';

const LIMITS: Record<QuotaKind, number> = {
  formatting: FREE_LIMITS.formattingLimit,
  pdf: FREE_LIMITS.pdfLimit,
};

export const countedOf = (
  row: Pick<MonthlyUsageRow, 'formatting_count' | 'pdf_count'>,
  kind: QuotaKind,
) => (kind === 'formatting' ? row.formatting_count : row.pdf_count);

export const limitMessage = (kind: QuotaKind) =>
  kind === 'formatting'
    ? BillingMessages.formattingLimit(LIMITS.formatting)
    : BillingMessages.pdfLimit(LIMITS.pdf);

/** Reservations still running: neither given back nor settled by their event, and not stale. */
export async function pendingReservations(
  db: BillingDb,
  userId: string,
  kind: QuotaKind,
  period: Period,
  ttlSeconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('quota_reservations')
    .select((eb) => eb.fn.countAll<string>().as('pending'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('year', '=', period.year)
    .where('month', '=', period.month)
    .where('released_at', 'is', null)
    .where('settled_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${ttlSeconds})`)
    .executeTakeFirstOrThrow();
  return Number(row.pending);
}

/**
 * The plan limits of spec 2 §9, enforced for the formatting and documents services. Used this
 * month = what the events counted + the reservations whose event has not arrived yet.
 */
export class QuotaService {
  constructor(
    private readonly db: BillingKysely,
    private readonly reservationTtlSeconds: number,
  ) {}

  /**
   * Reserves one action. The user's month row is locked for the check and the insert, so N
   * concurrent calls with one unit left let exactly one through.
   */
  async consume(principal: Principal, body: QuotaConsumeBody): Promise<QuotaConsumeResponse> {
    const premium = await isPremium(this.db, principal);
    const period = periodOf(new Date());
    const limit = premium ? -1 : LIMITS[body.kind];
    if (premium) {
      // Nothing to decide: no lock, no count; the reservation is kept so its event settles it.
      await this.db
        .insertInto('quota_reservations')
        .values(this.reservation(principal.userId, body, period))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const row = await findMonth(this.db, principal.userId, period);
      return { allowed: true, kind: body.kind, limit, used: row ? countedOf(row, body.kind) : 0 };
    }
    return this.db.transaction().execute(async (trx) => {
      const row = await lockMonth(trx, principal.userId, period);
      const pending = await pendingReservations(
        trx,
        principal.userId,
        body.kind,
        period,
        this.reservationTtlSeconds,
      );
      const used = countedOf(row, body.kind) + pending;
      const existing = await trx
        .selectFrom('quota_reservations')
        .select('id')
        .where('id', '=', body.reservationId)
        .executeTakeFirst();
      // A retried call (same reservation id) was already counted.
      if (existing) return { allowed: true, kind: body.kind, limit, used };
      if (used >= LIMITS[body.kind])
        throw tooManyRequests(limitMessage(body.kind), `${body.kind.toUpperCase()}_LIMIT_REACHED`);
      await trx
        .insertInto('quota_reservations')
        .values(this.reservation(principal.userId, body, period))
        .execute();
      return { allowed: true, kind: body.kind, limit, used: used + 1 };
    });
  }

  private reservation(userId: string, body: QuotaConsumeBody, period: Period) {
    return {
      id: body.reservationId,
      user_id: userId,
      kind: body.kind,
      year: period.year,
      month: period.month,
      released_at: null,
      settled_at: null,
    };
  }

  /** Gives back a reservation of the caller's whose action failed; a second call does nothing. */
  async release(principal: Principal, reservationId: string): Promise<boolean> {
    const released = await this.db
      .updateTable('quota_reservations')
      .set({ released_at: new Date() })
      .where('id', '=', reservationId)
      .where('user_id', '=', principal.userId)
      .where('released_at', 'is', null)
      .where('settled_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return released !== undefined;
  }
}
