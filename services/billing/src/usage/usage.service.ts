import {
  BillingMessages,
  FREE_LIMITS,
  type MonthlyUsage,
  PREMIUM_LIMITS,
  SPEECH_ALLOWANCE_SECONDS,
  type SpeechUsage,
  type UserMetrics,
} from '@pv/contracts';
import { type OutboxRelay, type Principal, tooManyRequests } from '@pv/service-kit';
import type { BillingKysely, MonthlyUsageRow } from '../db/schema.js';
import { isPremium } from '../subscriptions/premium.js';
import { memberSinceOf } from '../users/billing-user.repository.js';
import { type Period, periodLabel, periodOf } from './period.js';
import { publishSpeechSeconds } from './usage.events.js';
import {
  addToMonth,
  findMonth,
  lockMonth,
  monthsOfUser,
  recordTranscriptionSession,
  totalsOf,
  usersOfMonth,
} from './usage.repository.js';

export const allowanceFor = (premium: boolean) =>
  premium ? SPEECH_ALLOWANCE_SECONDS.premium : SPEECH_ALLOWANCE_SECONDS.free;

/** The 429 the Super Transcritor answers once the month's allowance is used (spec 1 §5). */
export const allowanceReached = (allowanceSeconds: number) =>
  tooManyRequests(
    BillingMessages.usageLimitReached(Math.round(allowanceSeconds / 60)),
    'USAGE_LIMIT_REACHED',
  );

function toMonthlyUsage(row: MonthlyUsageRow): MonthlyUsage {
  return {
    userId: row.user_id,
    month: row.month,
    year: row.year,
    loginCount: row.login_count,
    transcriptionCount: row.transcription_count,
    pdfGenerationCount: row.pdf_count,
    aiRequestCount: row.ai_request_count,
    aiCostUSD: Number(row.ai_cost_usd).toFixed(4),
    // No service keeps files of a user yet (PDFs are generated on demand, never stored).
    storageUsedMB: 0,
  };
}

/** Super Transcritor metering, the user's dashboard metrics and the admin usage views. */
export class UsageService {
  constructor(
    private readonly db: BillingKysely,
    private readonly relay: OutboxRelay,
  ) {}

  /** Counts one speech session in this month's transcriptions, once per session id. */
  async countTranscriptionSession(
    principal: Principal,
    sessionId: string,
  ): Promise<{ counted: boolean }> {
    const counted = await this.db.transaction().execute(async (trx) => {
      if (!(await recordTranscriptionSession(trx, { id: sessionId, userId: principal.userId })))
        return false;
      await addToMonth(trx, {
        userId: principal.userId,
        period: periodOf(new Date()),
        add: { transcription_count: 1 },
      });
      return true;
    });
    return { counted };
  }

  async speechUsage(principal: Principal): Promise<SpeechUsage> {
    const row = await findMonth(this.db, principal.userId, periodOf(new Date()));
    return { usedSeconds: row?.speech_seconds ?? 0 };
  }

  /** What the caller may still use this month, in seconds. */
  async speechRemaining(principal: Principal): Promise<{ remaining: number; allowance: number }> {
    const allowance = allowanceFor(await isPremium(this.db, principal));
    const { usedSeconds } = await this.speechUsage(principal);
    return { remaining: Math.max(0, allowance - usedSeconds), allowance };
  }

  /**
   * Adds reported seconds under the month's row lock. Once the allowance is used the call is
   * refused; a report that crosses it is counted up to the allowance, never beyond.
   */
  async addSpeechSeconds(principal: Principal, secondsToAdd: number): Promise<SpeechUsage> {
    const allowance = allowanceFor(await isPremium(this.db, principal));
    const period = periodOf(new Date());
    const used = await this.db.transaction().execute(async (trx) => {
      const row = await lockMonth(trx, principal.userId, period);
      if (row.speech_seconds >= allowance && secondsToAdd > 0) throw allowanceReached(allowance);
      const added = Math.min(secondsToAdd, allowance - row.speech_seconds);
      if (added <= 0) return row.speech_seconds;
      await addToMonth(trx, {
        userId: principal.userId,
        period,
        add: { speech_seconds: added },
      });
      const usedSeconds = row.speech_seconds + added;
      await publishSpeechSeconds(trx, {
        userId: principal.userId,
        secondsAdded: added,
        usedSeconds,
        allowanceSeconds: allowance,
        period: periodLabel(period),
      });
      return usedSeconds;
    });
    this.relay.kick();
    return { usedSeconds: used };
  }

  async userMetrics(principal: Principal): Promise<UserMetrics> {
    const premium = await isPremium(this.db, principal);
    const [row, totals, memberSince] = await Promise.all([
      findMonth(this.db, principal.userId, periodOf(new Date())),
      totalsOf(this.db, principal.userId),
      memberSinceOf(this.db, principal.userId),
    ]);
    return {
      currentMonth: {
        transcriptionCount: row?.transcription_count ?? 0,
        formattingCount: row?.formatting_count ?? 0,
        pdfGenerationCount: row?.pdf_count ?? 0,
        aiRequestCount: row?.ai_request_count ?? 0,
        sessionDuration: row?.speech_seconds ?? 0,
      },
      limits: premium ? { ...PREMIUM_LIMITS } : { ...FREE_LIMITS },
      totalUsage: {
        totalTranscriptions: Number(totals.transcriptions),
        totalFormatting: Number(totals.formatting),
        totalPDFs: Number(totals.pdfs),
        totalAIRequests: Number(totals.aiRequests),
        memberSince: memberSince?.toISOString() ?? null,
      },
    };
  }

  async userMonths(userId: string): Promise<MonthlyUsage[]> {
    return (await monthsOfUser(this.db, userId)).map(toMonthlyUsage);
  }

  async month(period: Period): Promise<MonthlyUsage[]> {
    return (await usersOfMonth(this.db, period)).map((row) => ({
      ...toMonthlyUsage(row),
      email: row.email,
      fullName: row.full_name,
    }));
  }
}
