import { randomUUID } from 'node:crypto';
import type {
  DiagnosticAnalysisBody,
  DiagnosticAnalysisResponse,
  FormatTextBody,
  FormatTextResponse,
} from '@pv/contracts';
import type { LlmClient } from '@pv/llm';
import {
  AppError,
  badRequest,
  enqueueEvent,
  type JobQueue,
  type OutboxRelay,
  type Principal,
  type QuotaClient,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from '@pv/service-kit';
import type { Redis } from 'ioredis';
import type { FormattingDb, FormattingKysely } from '../db/types.js';
import { USER_TEMPLATE_NOT_FOUND } from '../templates/user-templates.service.js';
import {
  type DiagnosticResult,
  diagnosticJob,
  type FormatNotePayload,
  type FormatNoteResult,
  formatNoteJob,
  type JobUsage,
} from './jobs.js';

export const FormatMessages = {
  bothModes: 'Escolha apenas um modo de IA: SUPER-IA ou IA-ALTERNATIVA.',
  modesNeedAccount:
    'O SUPER-IA e a IA-ALTERNATIVA estão disponíveis apenas para usuários cadastrados.',
  anonymousLimit:
    'Você atingiu o limite de formatações para visitantes. Entre ou crie uma conta gratuita para continuar.',
  noWorker: 'O formatador está indisponível no momento. Tente novamente em instantes.',
  timeout: 'A formatação demorou demais para terminar. Tente novamente em instantes.',
} as const;

export interface FormatDeps {
  db: FormattingKysely;
  redis: Redis;
  relay: OutboxRelay;
  queue: JobQueue;
  llm: LlmClient;
  timeoutMs: number;
  anonymousMaxPerHour: number;
  /** Redis key prefix of the anonymous counters; tests give each instance its own. */
  anonymousLimitNamespace?: string;
  /** Billing's plan limits for signed-in users; absent: no limit is enforced (BILLING_URL unset). */
  quota?: QuotaClient;
}

/** Turns a failed job back into the HTTP answer the worker meant. */
function jobFailure(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  const tagged = message.match(/LLM_ERROR (\{.*\})/);
  if (tagged) {
    const {
      status,
      kind,
      message: text,
    } = JSON.parse(tagged[1]!) as { status: number; kind: string; message: string };
    return new AppError(status, `LLM_${kind.toUpperCase().replace(/-/g, '_')}`, text);
  }
  if (/timed out/i.test(message))
    return new AppError(504, 'FORMAT_TIMEOUT', FormatMessages.timeout);
  return new AppError(502, 'FORMAT_FAILED', 'Não foi possível formatar o texto. Tente novamente.');
}

/** POST /api/format-text and /api/diagnostic-analysis: the rules, the context, the job, the events. */
export class FormatService {
  private readonly formatJob;
  private readonly analysisJob;

  constructor(private readonly deps: FormatDeps) {
    this.formatJob = formatNoteJob(deps.llm);
    this.analysisJob = diagnosticJob(deps.llm);
  }

  /** Anonymous visitors may format a limited number of times per hour per address. */
  private async limitAnonymous(principal: Principal | null, clientIp: string): Promise<void> {
    if (principal) return;
    const namespace = this.deps.anonymousLimitNamespace ?? 'pv:formatting:anonymous:';
    const key = `${namespace}${clientIp}:${Math.floor(Date.now() / 3_600_000)}`;
    const [[, count]] = (await this.deps.redis.multi().incr(key).expire(key, 3_600).exec()) as [
      [null, number],
    ];
    if (count > this.deps.anonymousMaxPerHour)
      throw tooManyRequests(FormatMessages.anonymousLimit, 'ANONYMOUS_LIMIT');
  }

  private async runJob<R>(run: () => Promise<R>): Promise<R> {
    if ((await this.deps.queue.workerCount()) === 0)
      throw serviceUnavailable(FormatMessages.noWorker, 'NO_WORKER');
    try {
      return await run();
    } catch (error) {
      throw error instanceof AppError ? error : jobFailure(error);
    }
  }

  private async context(body: FormatTextBody, principal: Principal | null) {
    const db = this.deps.db;
    const [instructions, specialty, terms, custom] = await Promise.all([
      db
        .selectFrom('system_instructions')
        .select(['title', 'content'])
        .where('is_active', '=', true)
        .orderBy('display_order')
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('professional_templates')
        .select('prompt')
        .where('professional', '=', body.professional)
        .orderBy('updated_at', 'desc')
        .executeTakeFirst(),
      body.useMedicalDictionary
        ? db.selectFrom('medical_terms').select('term').orderBy('term').execute()
        : [],
      body.customTemplateId
        ? db
            .selectFrom('user_templates')
            .select(['name', 'content'])
            .where('id', '=', body.customTemplateId)
            .where('user_id', '=', principal?.userId ?? '00000000-0000-0000-0000-000000000000')
            .executeTakeFirst()
        : undefined,
    ]);
    // A template id that is not the caller's is refused, never silently ignored.
    if (body.customTemplateId && !custom)
      throw badRequest(USER_TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
    return {
      instructions,
      specialtyPrompt: specialty?.prompt ?? null,
      terms: terms.map((t) => t.term),
      custom: custom ?? null,
    };
  }

  async format(
    body: FormatTextBody,
    principal: Principal | null,
    clientIp: string,
    onText?: (textSoFar: string) => void,
    /** The caller's session headers, forwarded to billing's quota check. */
    credentials: Record<string, string> = {},
  ): Promise<FormatTextResponse> {
    if (body.useSuperAI && body.useAlternativeAI)
      throw badRequest(FormatMessages.bothModes, 'BOTH_AI_MODES');
    if ((body.useSuperAI || body.useAlternativeAI) && !principal) {
      throw unauthorized(FormatMessages.modesNeedAccount, 'AI_MODE_NEEDS_ACCOUNT');
    }
    await this.limitAnonymous(principal, clientIp);
    const context = await this.context(body, principal);
    const payload: FormatNotePayload = {
      text: body.text,
      professional: body.professional,
      additionalContext: body.additionalContext?.trim() || null,
      multiplePatients: body.multiplePatients ?? false,
      mode: body.useSuperAI ? 'super' : body.useAlternativeAI ? 'alternative' : 'standard',
      specialtyPrompt: context.specialtyPrompt,
      customTemplate: context.custom,
      systemInstructions: context.instructions,
      medicalTerms: context.terms,
      stream: onText !== undefined,
    };
    // A signed-in user's formatting counts against the plan limit: reserved atomically by billing
    // before the work (429 at the limit), given back if the work fails.
    // The consult's id doubles as the reservation id: billing settles it on consult.formatted.v1.
    const consultId = randomUUID();
    const quota = principal && this.deps.quota;
    const reservation = quota
      ? await quota.consume('formatting', credentials, consultId)
      : undefined;
    try {
      return await this.formatReserved(body, principal, clientIp, payload, consultId, onText);
    } catch (error) {
      if (quota && reservation) await quota.release(reservation, credentials);
      throw error;
    }
  }

  private async formatReserved(
    body: FormatTextBody,
    principal: Principal | null,
    clientIp: string,
    payload: FormatNotePayload,
    consultId: string,
    onText?: (textSoFar: string) => void,
  ): Promise<FormatTextResponse> {
    const outcome = (await this.runJob(() =>
      this.deps.queue.run(this.formatJob, payload, {
        timeoutMs: this.deps.timeoutMs,
        onProgress: (data) => onText?.(String((data as { text?: string }).text ?? '')),
      }),
    )) as FormatNoteResult;

    await this.deps.db.transaction().execute(async (trx) => {
      await enqueueEvent(trx, 'consult.formatted.v1', {
        consultId,
        userId: principal?.userId ?? null,
        professional: body.professional,
        engine: outcome.engine,
        rawTranscript: body.text,
        formattedText: outcome.result.text,
        audioLengthSec: body.audioLengthSec ?? null,
        clientIp,
      });
      await this.recordAiUsage(trx, outcome, principal, 'format-text');
    });
    this.deps.relay.kick();
    return { consultId, engine: outcome.engine, model: outcome.model, ...outcome.result };
  }

  async analyse(
    body: DiagnosticAnalysisBody,
    principal: Principal | null,
    clientIp: string,
  ): Promise<DiagnosticAnalysisResponse> {
    await this.limitAnonymous(principal, clientIp);
    const outcome = (await this.runJob(() =>
      this.deps.queue.run(
        this.analysisJob,
        { rawText: body.rawText, additionalContext: body.additionalContext?.trim() || null },
        { timeoutMs: this.deps.timeoutMs },
      ),
    )) as DiagnosticResult;
    await this.deps.db
      .transaction()
      .execute((trx) => this.recordAiUsage(trx, outcome, principal, 'diagnostic-analysis'));
    this.deps.relay.kick();
    return {
      analysis: outcome.analysis,
      hypotheses: outcome.hypotheses,
      engine: outcome.engine,
      model: outcome.model,
    };
  }

  /** Every LLM call is counted (requests, tokens, estimated cost); offline work costs nothing. */
  private async recordAiUsage(
    trx: FormattingDb,
    usage: JobUsage,
    principal: Principal | null,
    purpose: string,
  ): Promise<void> {
    if (usage.engine !== 'llm') return;
    await enqueueEvent(trx, 'ai.request.completed.v1', {
      userId: principal?.userId ?? null,
      purpose,
      model: usage.model,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      costUsd: usage.costUsd,
    });
  }
}
