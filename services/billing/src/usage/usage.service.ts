import { randomUUID } from 'node:crypto';
import {
  BillingMessages,
  FREE_LIMITS,
  type MonthlyUsage,
  PREMIUM_LIMITS,
  SPEECH_ALLOWANCE_SECONDS,
  type SpeechUsage,
  storageMb,
  type UserMetrics,
} from '@pv/contracts';
import { type OutboxRelay, stableUuid } from '@pv/service-kit/events';
import { conflict, type Principal, tooManyRequests } from '@pv/service-kit/http';
import type { BillingDb, BillingKysely, MonthlyUsageRow } from '../db/schema.js';
import { isPremium } from '../subscriptions/premium.js';
import { memberSinceOf } from '../users/billing-user.repository.js';
import { type Period, periodLabel, periodOf } from './period.js';
import { storedBytesOf, storedBytesOfUsers } from './storage.repository.js';

const isPeriod = (a: Period, b: Period) => a.year === b.year && a.month === b.month;

import {
  chargeStream,
  deleteStream,
  insertStream,
  lockUnsettledStream,
  settleStream,
  unsettledStreamsOf,
} from './speech-stream.repository.js';
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

/** Soniox caps one streaming session at this many seconds (max_session_duration_seconds). */
export const SONIOX_MAX_SESSION_SECONDS = 18_000;
/**
 * How far a stream's charge may trail the server's clock: fetching the key and opening the socket
 * take a few seconds after the key is minted, and the browser reports what it ticked.
 */
export const STREAM_START_GRACE_SECONDS = 15;

export const allowanceFor = (premium: boolean) =>
  premium ? SPEECH_ALLOWANCE_SECONDS.premium : SPEECH_ALLOWANCE_SECONDS.free;

/** The 429 the Super Transcritor answers once the month's allowance is used. */
export const allowanceReached = (allowanceSeconds: number) =>
  tooManyRequests(
    BillingMessages.usageLimitReached(Math.round(allowanceSeconds / 60)),
    'USAGE_LIMIT_REACHED',
  );

/** `storedBytes`: the live total for the current month; past months show their snapshot. */
function toMonthlyUsage(row: MonthlyUsageRow, storedBytes?: number): MonthlyUsage {
  const bytes = storedBytes ?? Number(row.storage_bytes);
  return {
    userId: row.user_id,
    month: row.month,
    year: row.year,
    loginCount: row.login_count,
    transcriptionCount: row.transcription_count,
    pdfGenerationCount: row.pdf_count,
    aiRequestCount: row.ai_request_count,
    aiCostUSD: Number(row.ai_cost_usd).toFixed(4),
    // Custom templates, signed documents and the signing certificate (usage.storage.changed.v1).
    storageUsedMB: storageMb(bytes),
    storageUsedBytes: bytes,
  };
}

/** Super Transcritor metering, the user's dashboard metrics and the admin usage views. */
export class UsageService {
  constructor(
    private readonly db: BillingKysely,
    private readonly relay: OutboxRelay,
    /** The free plan's monthly PDF text extractions (FREE_EXTRACTIONS_PER_MONTH, issue 24). */
    private readonly freeExtractionsPerMonth: number = FREE_LIMITS.extractionLimit,
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

  /**
   * Opens the user's one Super Transcritor stream (issues 15, 24), under the month's row lock: a
   * stream Soniox's record has not settled yet refuses the new one (409: it still holds its
   * worst case, so the allowance left is not known); the new one may last the allowance left
   * (429 when none is). Returns what the key must be minted with; `discardStream` undoes it if
   * Soniox refuses. The caller first tries to settle the user's streams from Soniox's records.
   */
  async openStream(
    principal: Principal,
    keyTtlSeconds: number,
  ): Promise<{ streamId: string; maxSeconds: number }> {
    const allowance = allowanceFor(await isPremium(this.db, principal));
    const opened = await this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const used = (await lockMonth(trx, principal.userId, periodOf(now))).speech_seconds;
      const unsettled = await unsettledStreamsOf(trx, principal.userId);
      if (unsettled.some((stream) => stream.ended_at === null && stream.window_ends_at > now))
        throw conflict(BillingMessages.speechStreamActive, 'SPEECH_STREAM_ACTIVE');
      if (unsettled.length > 0)
        throw conflict(BillingMessages.speechStreamSettling, 'SPEECH_STREAM_SETTLING');
      const remaining = allowance - used;
      if (remaining <= 0) throw allowanceReached(allowance);
      const maxSeconds = Math.min(remaining, SONIOX_MAX_SESSION_SECONDS);
      const streamId = randomUUID();
      await insertStream(trx, {
        id: streamId,
        userId: principal.userId,
        maxSeconds,
        allowanceSeconds: allowance,
        windowEndsAt: new Date(
          now.getTime() + (keyTtlSeconds + maxSeconds + STREAM_START_GRACE_SECONDS) * 1000,
        ),
      });
      return { streamId, maxSeconds };
    });
    this.relay.kick();
    return opened;
  }

  async discardStream(streamId: string): Promise<void> {
    await deleteStream(this.db, streamId);
  }

  /**
   * The live count Minha Área shows while a stream runs (issue 15): the browser's report,
   * reconciled on the server: at least what the server's clock allows since the key was minted
   * (less a grace for connecting), never more than the key's session duration. It is display and
   * the allowance check of the report, not the settlement: the stream holds its key's whole
   * duration until Soniox's record settles it (`settleStream`), and `ended` only stops the live
   * count. A report with no live stream adds nothing; past the allowance it is refused (429).
   */
  async addSpeechSeconds(
    principal: Principal,
    secondsToAdd: number,
    ended = false,
    /** The report's Idempotency-Key: a retried report (same key) charges nothing again. */
    reportKey?: string,
  ): Promise<SpeechUsage> {
    const allowance = allowanceFor(await isPremium(this.db, principal));
    const used = await this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const before = (await lockMonth(trx, principal.userId, periodOf(now))).speech_seconds;
      if (reportKey && !(await firstDelivery(trx, principal.userId, reportKey))) return before;
      if (before >= allowance && secondsToAdd > 0) throw allowanceReached(allowance);
      const live = (await unsettledStreamsOf(trx, principal.userId))
        .filter((stream) => stream.ended_at === null)
        .at(-1);
      if (!live) return before;
      const elapsed = Math.floor((now.getTime() - live.minted_at.getTime()) / 1000);
      const floor = Math.min(live.max_seconds, Math.max(0, elapsed - STREAM_START_GRACE_SECONDS));
      const target = Math.min(
        live.max_seconds,
        Math.max(live.charged_seconds + secondsToAdd, floor),
      );
      const added = Math.max(0, Math.min(target - live.charged_seconds, allowance - before));
      await chargeStream(trx, live.id, { seconds: added, ...(ended ? { endedAt: now } : {}) });
      if (added > 0) await this.addSpeech(trx, principal.userId, added, before, allowance);
      return before + added;
    });
    this.relay.kick();
    return { usedSeconds: used };
  }

  /**
   * Settles a stream (issue 24): at the audio seconds Soniox recorded for its key (rounded up,
   * never past the key's duration), or, with `providerSeconds` null (no record by the deadline),
   * at its worst case, the key's whole duration. The month moves by the difference from the live
   * count: a release when the record is lower, a charge when it is higher (never past the
   * allowance). Settling twice changes nothing. Returns whether this call settled it.
   */
  async settleStream(streamId: string, providerSeconds: number | null): Promise<boolean> {
    const settled = await this.db.transaction().execute(async (trx) => {
      const peek = await trx
        .selectFrom('speech_streams')
        .select('user_id')
        .where('id', '=', streamId)
        .executeTakeFirst();
      if (!peek) return false;
      const now = new Date();
      // The month first, then the stream: the order openStream and addSpeechSeconds lock in.
      const used = (await lockMonth(trx, peek.user_id, periodOf(now))).speech_seconds;
      const stream = await lockUnsettledStream(trx, streamId);
      if (!stream) return false;
      // The key was bounded by the allowance left when it was minted, and it is the user's one
      // unsettled stream: its worst case fits the allowance (unless the month turned meanwhile).
      const allowance = stream.allowance_seconds ?? allowanceFor(false);
      const owed =
        providerSeconds === null
          ? stream.max_seconds
          : Math.min(stream.max_seconds, Math.ceil(providerSeconds));
      const delta = Math.min(owed - stream.charged_seconds, Math.max(0, allowance - used));
      await settleStream(trx, stream.id, {
        chargedSeconds: stream.charged_seconds + delta,
        by: providerSeconds === null ? 'deadline' : 'record',
        providerSeconds: providerSeconds === null ? null : Math.ceil(providerSeconds),
        at: now,
      });
      if (delta > 0) await this.addSpeech(trx, stream.user_id, delta, used, allowance);
      else if (delta < 0)
        await addToMonth(trx, {
          userId: stream.user_id,
          period: periodOf(now),
          add: { speech_seconds: delta },
        });
      return true;
    });
    if (settled) this.relay.kick();
    return settled;
  }

  /** Adds seconds to the month and publishes usage.speech-seconds.v1; returns the new total. */
  private async addSpeech(
    trx: BillingDb,
    userId: string,
    added: number,
    usedBefore: number,
    allowance: number,
  ): Promise<number> {
    const period = periodOf(new Date());
    await addToMonth(trx, { userId, period, add: { speech_seconds: added } });
    const usedSeconds = usedBefore + added;
    await publishSpeechSeconds(trx, {
      userId,
      secondsAdded: added,
      usedSeconds,
      allowanceSeconds: allowance,
      period: periodLabel(period),
    });
    return usedSeconds;
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
        extractionCount: row?.extraction_count ?? 0,
        sessionDuration: row?.speech_seconds ?? 0,
      },
      limits: premium
        ? { ...PREMIUM_LIMITS }
        : { ...FREE_LIMITS, extractionLimit: this.freeExtractionsPerMonth },
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
    const now = periodOf(new Date());
    const [rows, stored] = await Promise.all([
      monthsOfUser(this.db, userId),
      storedBytesOf(this.db, userId),
    ]);
    return rows.map((row) => toMonthlyUsage(row, isPeriod(row, now) ? stored : undefined));
  }

  async month(period: Period): Promise<MonthlyUsage[]> {
    const rows = await usersOfMonth(this.db, period);
    const live = isPeriod(period, periodOf(new Date()))
      ? await storedBytesOfUsers(
          this.db,
          rows.map((row) => row.user_id),
        )
      : null;
    return rows.map((row) => ({
      ...toMonthlyUsage(row, live ? (live.get(row.user_id) ?? 0) : undefined),
      email: row.email,
      fullName: row.full_name,
    }));
  }
}

/**
 * Records a usage report's key in the charging transaction (under the month's lock); false when
 * it was recorded before: the report was charged already and its answer lost.
 */
async function firstDelivery(trx: BillingDb, userId: string, key: string): Promise<boolean> {
  await trx
    .deleteFrom('speech_reports')
    .where('user_id', '=', userId)
    .where('created_at', '<', new Date(Date.now() - 86_400_000))
    .execute();
  const inserted = await trx
    .insertInto('speech_reports')
    .values({ id: stableUuid('speech-report', userId, key), user_id: userId })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
