import { createHash, randomUUID } from 'node:crypto';
import {
  CUSTOM_TEMPLATE_NEEDS_PREMIUM,
  cleanTranscript,
  type DiagnosticAnalysisBody,
  type DiagnosticAnalysisResponse,
  type FormatTextBody,
  type FormatTextResponse,
} from '@pv/contracts';
import { type LlmErrorKind, llmErrorCode } from '@pv/llm';
import type { QuotaClient } from '@pv/service-clients';
import { type OutboxRelay, stableUuid } from '@pv/service-kit/events';
import {
  AppError,
  addressKey,
  badRequest,
  forbidden,
  type Principal,
  RateLimiter,
  serviceUnavailable,
  unauthorized,
} from '@pv/service-kit/http';
import { JobFailedError, type JobQueue, JobTimeoutError } from '@pv/service-kit/jobs';
import { isDependencyUnavailable, type LlmCall, WORKER_WAIT_MS } from '@pv/service-kit/runtime';
import type { Redis } from 'ioredis';
import {
  activeAiTemplatesFor,
  activeSystemInstructions,
  latestSpecialtyPrompt,
  medicalTermNames,
} from '../content/prompt-context.repository.js';
import type { FormattingDb, FormattingKysely } from '../db/schema.js';
import { findTemplateOf } from '../templates/user-template.repository.js';
import { USER_TEMPLATE_NOT_FOUND } from '../templates/user-templates.service.js';
import { publishAiRequestCompleted, publishConsultFormatted } from './format.events.js';
import { DiagnosticJob, FormatNoteJob, type FormatNotePayload, type JobUsage } from './jobs.js';

export const FormatMessages = {
  bothModes: 'Escolha apenas um modo de IA: SUPER-IA ou IA-ALTERNATIVA.',
  modesNeedAccount:
    'O SUPER-IA e a IA-ALTERNATIVA estão disponíveis apenas para usuários cadastrados.',
  anonymousLimit:
    'Você atingiu o limite de formatações para visitantes. Entre ou crie uma conta gratuita para continuar.',
  noWorker: 'O formatador está indisponível no momento. Tente novamente em instantes.',
  timeout: 'A formatação demorou demais para terminar. Tente novamente em instantes.',
  failed: 'Não foi possível formatar o texto. Tente novamente.',
  partOutOfRange: 'A parte da transcrição passa do número de partes informado.',
} as const;

export interface FormatDeps {
  db: FormattingKysely;
  redis: Redis;
  relay: OutboxRelay;
  /** The producing side of the formatting queue. */
  queue: JobQueue;
  timeoutMs: number;
  anonymousMaxPerHour: number;
  /** Prefix of this service's Redis keys (the anonymous counters); tests give each its own. */
  redisKeyPrefix?: string;
  /** Billing's plan limits for signed-in users; absent: no limit is enforced (BILLING_URL unset). */
  quota?: QuotaClient;
  /** Where LLM latency, tokens and cost are counted (pv_llm_*). */
  llmMetrics?: { observe(call: LlmCall): void };
}

/** The metric outcome of a failed job: the declared failure's kind, else what ended the wait. */
function failureKind(error: unknown): string {
  if (error instanceof JobFailedError) return error.failure.kind;
  if (error instanceof JobTimeoutError) return 'timeout';
  return 'crashed';
}

/** One call of the formatter, as its route hands it over: the body and who sent it. */
export interface CallerRequest<TBody> {
  body: TBody;
  principal: Principal | null;
  clientIp: string;
  /** The caller's session headers, forwarded to billing's quota check. */
  credentials: Record<string, string>;
}

/** One format-text call. */
export interface FormatRequest extends CallerRequest<FormatTextBody> {
  /** Streaming: receives the note as it is written. */
  onText?: (textSoFar: string) => void;
}

/** One diagnostic-analysis call. */
export type AnalyseRequest = CallerRequest<DiagnosticAnalysisBody>;

/** The HTTP answer for a job that did not bring a result. */
function jobFailure(error: unknown): unknown {
  // A Redis blip while enqueueing or waiting: the kit answers it 503 with Retry-After.
  if (error instanceof AppError || isDependencyUnavailable(error)) return error;
  if (error instanceof JobFailedError) {
    const { status, kind, message } = error.failure;
    return new AppError(status, llmErrorCode(kind as LlmErrorKind), message);
  }
  if (error instanceof JobTimeoutError)
    return new AppError(504, 'FORMAT_TIMEOUT', FormatMessages.timeout);
  return new AppError(502, 'FORMAT_FAILED', FormatMessages.failed);
}

/** POST /api/format-text and /api/diagnostic-analysis: the rules, the context, the job, the events. */
export class FormatService {
  /** Anonymous visitors' formattings and analyses per address per hour (the kit's limiter). */
  private readonly anonymous: RateLimiter;

  constructor(private readonly deps: FormatDeps) {
    this.anonymous = new RateLimiter(
      deps.redis,
      {
        name: 'anonymous',
        points: deps.anonymousMaxPerHour,
        durationSeconds: 3_600,
        message: FormatMessages.anonymousLimit,
        code: 'ANONYMOUS_LIMIT',
      },
      { keyPrefix: deps.redisKeyPrefix ?? 'pv:formatting:' },
    );
  }

  /** Anonymous visitors may format a limited number of times per hour per address. */
  private async limitAnonymous(principal: Principal | null, clientIp: string): Promise<void> {
    if (!principal) await this.anonymous.consume(addressKey(clientIp));
  }

  /** Runs a job on the formatting queue: 503 when no worker connects within WORKER_WAIT_MS, its failures as answers. */
  private async runJob<R extends JobUsage>(purpose: string, run: () => Promise<R>): Promise<R> {
    if (!(await this.deps.queue.hasWorkerWithin(WORKER_WAIT_MS)))
      throw serviceUnavailable(FormatMessages.noWorker, 'NO_WORKER');
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const outcome = await run();
      if (outcome.engine === 'llm') {
        this.deps.llmMetrics?.observe({
          purpose,
          model: outcome.model,
          outcome: 'ok',
          seconds: seconds(),
          promptTokens: outcome.promptTokens,
          completionTokens: outcome.completionTokens,
          costUsd: Number(outcome.costUsd),
        });
      }
      return outcome;
    } catch (error) {
      this.deps.llmMetrics?.observe({
        purpose,
        model: 'unknown',
        outcome: failureKind(error),
        seconds: seconds(),
      });
      throw jobFailure(error);
    }
  }

  private async context(body: FormatTextBody, principal: Principal | null) {
    const db = this.deps.db;
    // A custom template is a Premium feature: when the subscription lapsed, the template stays
    // (the user may subscribe again) but formatting with it is refused with the upgrade message.
    if (body.customTemplateId && principal && !principal.isPremium)
      throw forbidden(CUSTOM_TEMPLATE_NEEDS_PREMIUM, 'PREMIUM_REQUIRED');
    const [instructions, specialtyPrompt, aiTemplates, terms, custom] = await Promise.all([
      activeSystemInstructions(db),
      latestSpecialtyPrompt(db, body.professional),
      activeAiTemplatesFor(db, body.professional),
      body.useMedicalDictionary ? medicalTermNames(db) : [],
      body.customTemplateId && principal
        ? findTemplateOf(db, principal.userId, body.customTemplateId)
        : undefined,
    ]);
    // A template id that is not the caller's is refused, never silently ignored.
    if (body.customTemplateId && !custom)
      throw badRequest(USER_TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
    return {
      // The 'Instruções' tab first, then the 'Templates IA' tab's instructions; the 'Templates'
      // tab's specialty template wins over an AI template keyed by the specialty.
      instructions: [...instructions, ...aiTemplates.instructions],
      specialtyPrompt: specialtyPrompt ?? aiTemplates.specialtyPrompt,
      terms,
      custom: custom ? { name: custom.name, content: custom.content } : null,
    };
  }

  async format(request: FormatRequest): Promise<FormatTextResponse> {
    const { body, principal, clientIp, onText } = request;
    if (body.transcription && body.transcription.part > body.transcription.parts)
      throw badRequest(FormatMessages.partOutOfRange, 'TRANSCRIPTION_PART');
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
    // The consult's id doubles as the reservation id: billing settles it on consult.formatted.v1.
    // A signed-in caller's retry (same request id, same body) is the same consult: it joins the
    // job, its reservation and its events (stable ids), so a lost answer costs neither the note
    // nor a second count. Anonymous callers have no identity to scope it to: a new consult.
    const retryKey =
      principal && body.requestId
        ? createHash('sha256')
            .update(JSON.stringify([principal.userId, body.requestId, payload]))
            .digest('hex')
        : null;
    const consultId = retryKey ? stableUuid('consult', retryKey) : randomUUID();
    const work = () => this.formatAndPublish(request, payload, consultId, retryKey);
    // A signed-in user's formatting counts against the plan limit (429 at the limit); anonymous
    // visitors have their own hourly limit above.
    const quota = principal ? this.deps.quota : undefined;
    if (!quota) return work();
    return quota.withReservation(
      { kind: 'formatting', credentials: request.credentials, reservationId: consultId },
      work,
    );
  }

  private async formatAndPublish(
    request: FormatRequest,
    payload: FormatNotePayload,
    consultId: string,
    retryKey: string | null,
  ): Promise<FormatTextResponse> {
    const { body, principal, clientIp, onText } = request;
    const startedAt = Date.now();
    const outcome = await this.runJob('format-text', () =>
      this.deps.queue.run(FormatNoteJob, payload, {
        timeoutMs: this.deps.timeoutMs,
        onProgress: (data) => onText?.(String((data as { text?: string }).text ?? '')),
        ...(retryKey ? { jobId: `format-${retryKey}` } : {}),
      }),
    );
    await this.deps.db.transaction().execute(async (trx) => {
      await publishConsultFormatted(trx, {
        text: {
          consultId,
          userId: principal?.userId ?? null,
          professional: body.professional,
          engine: outcome.engine,
          // Speaker labels and the workspace's soft line breaks are display, not the dictation.
          rawTranscript: cleanTranscript(body.text),
          formattedText: outcome.result.text,
          audioLengthSec: body.audioLengthSec ?? null,
          clientIp,
          transcription: body.transcription ?? null,
        },
        promptTokens: outcome.promptTokens,
        completionTokens: outcome.completionTokens,
        durationMs: Date.now() - startedAt,
        stableIds: retryKey !== null,
      });
      await this.recordAiUsage(trx, {
        usage: outcome,
        principal,
        purpose: 'format-text',
        ...(retryKey ? { eventId: stableUuid('ai.request.completed.v1', consultId) } : {}),
      });
    });
    this.deps.relay.kick();
    return { consultId, engine: outcome.engine, model: outcome.model, ...outcome.result };
  }

  async analyse(request: AnalyseRequest): Promise<DiagnosticAnalysisResponse> {
    const { body, principal, clientIp, credentials } = request;
    await this.limitAnonymous(principal, clientIp);
    const work = async (reservationId: string | null) => {
      const outcome = await this.runJob('diagnostic-analysis', () =>
        this.deps.queue.run(
          DiagnosticJob,
          { rawText: body.rawText, additionalContext: body.additionalContext?.trim() || null },
          { timeoutMs: this.deps.timeoutMs },
        ),
      );
      await this.deps.db.transaction().execute((trx) =>
        this.recordAiUsage(trx, {
          usage: outcome,
          principal,
          purpose: 'diagnostic-analysis',
          reservationId,
        }),
      );
      this.deps.relay.kick();
      return outcome;
    };
    // A signed-in user's analysis is an AI request of the plan (429 at the limit); offline work
    // costs nothing, so its reservation is given back.
    const quota = principal ? this.deps.quota : undefined;
    const outcome = quota
      ? await quota.withReservation({ kind: 'ai-request', credentials }, async (decision) => {
          const done = await work(decision.reservationId);
          if (done.engine !== 'llm') await quota.release(decision, credentials);
          return done;
        })
      : await work(null);
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
    call: {
      usage: JobUsage;
      principal: Principal | null;
      purpose: string;
      /** The AI-request reservation the call was made under (billing settles it). */
      reservationId?: string | null;
      /** A stable event id (a retried consult's), so the call is counted once. */
      eventId?: string;
    },
  ): Promise<void> {
    const { usage, principal, purpose, reservationId, eventId } = call;
    if (usage.engine !== 'llm') return;
    await publishAiRequestCompleted(
      trx,
      {
        userId: principal?.userId ?? null,
        purpose,
        model: usage.model,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        costUsd: usage.costUsd,
        ...(reservationId ? { reservationId } : {}),
      },
      eventId,
    );
  }
}
