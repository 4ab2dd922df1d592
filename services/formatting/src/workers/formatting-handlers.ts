import { modelNoteAnswerSchema } from '@pv/contracts';
import { LlmClient, LlmError, type LlmMode, llmSettingsFrom } from '@pv/llm';
import { handleJob, JobFailedError, startWorkerProcess } from '@pv/service-kit/jobs';
import { productLogger } from '@pv/service-kit/runtime';
import { type Static, Type } from '@sinclair/typebox';
import type { FormattingConfig } from '../config.js';
import {
  DiagnosticJob,
  type DiagnosticResult,
  FormatNoteJob,
  type FormatNotePayload,
  type FormatNoteResult,
  OFFLINE_MODEL,
} from '../format/jobs.js';
import {
  analyseOffline,
  buildDiagnosticMessages,
  buildFormattingMessages,
  formatOffline,
  getProfile,
  isolationProblem,
  parseDiagnosticOutput,
  parseModelOutput,
  shapeOfflineResult,
  withModelRecords,
} from '../notes/index.js';

/** Any JSON object: `parseModelOutput` checks the specialty's shape itself. */
const ModelNoteSchema = Type.Record(Type.String(), Type.Unknown());

const offlineUsage = {
  engine: 'offline' as const,
  model: OFFLINE_MODEL,
  promptTokens: 0,
  completionTokens: 0,
  costUsd: '0',
};

/** The usage part of a job result for an answer the model gave. */
function llmUsage(answer: {
  model: string;
  usage: { promptTokens: number; completionTokens: number };
  costUsd: string;
}) {
  return {
    engine: 'llm' as const,
    model: answer.model,
    promptTokens: answer.usage.promptTokens,
    completionTokens: answer.usage.completionTokens,
    costUsd: answer.costUsd,
  };
}

/**
 * The adapter already retried the provider, so an LLM failure ends the job as a declared failure
 * (not retried by the queue): its kind, status and pt-BR message reach the HTTP service as is.
 */
function declared(error: unknown): never {
  if (error instanceof LlmError)
    throw new JobFailedError({ kind: error.kind, status: error.status, message: error.message });
  throw error;
}

async function formatNote(
  llm: LlmClient,
  payload: FormatNotePayload,
  reportProgress: (data: unknown) => Promise<void>,
): Promise<FormatNoteResult> {
  const mode = payload.mode as LlmMode;
  if (!llm.isConfigured(mode)) {
    // The custom template, else the admin's specialty template, then the system instructions
    // shape the note as far as they can without a model (docs/offline-formatter.md).
    const result = shapeOfflineResult(
      formatOffline({
        text: payload.text,
        professional: payload.professional,
        additionalContext: payload.additionalContext,
        multiplePatients: payload.multiplePatients,
        medicalTerms: payload.medicalTerms,
      }),
      {
        customTemplate: payload.customTemplate,
        specialtyTemplate: payload.specialtyPrompt,
        systemInstructions: payload.systemInstructions,
      },
    );
    if (payload.stream) await reportProgress({ text: result.text });
    return { ...offlineUsage, result };
  }
  const messages = buildFormattingMessages({
    professional: payload.professional,
    text: payload.text,
    additionalContext: payload.additionalContext ?? undefined,
    multiplePatients: payload.multiplePatients,
    ...(payload.specialtyPrompt ? { specialtyPrompt: payload.specialtyPrompt } : {}),
    ...(payload.customTemplate ? { customTemplate: payload.customTemplate } : {}),
    systemInstructions: payload.systemInstructions,
    medicalTerms: payload.medicalTerms,
  });
  let lastSent = 0;
  // One patient at a time: a multi-patient answer with a note too many or too few, or with one
  // patient's facts in another's note, is corrected once, then refused (never shown).
  const check = (value: unknown) => {
    const parsed = parseModelOutput(payload.professional, value, payload.multiplePatients);
    if ('error' in parsed) return parsed;
    const problem = payload.multiplePatients ? isolationProblem(parsed, payload.text) : null;
    return problem ? { error: problem } : parsed;
  };
  const sectionKeys = getProfile(payload.professional).sections.map((s) => s.key);
  try {
    const answer = await llm.completeJson({
      mode,
      purpose: 'format-text',
      messages,
      schema: ModelNoteSchema,
      // Structured Outputs where the endpoint has them (the note's schema from the contracts);
      // JSON mode and text parsing where it does not.
      structuredOutput: {
        name: 'clinical_note',
        schema: modelNoteAnswerSchema(sectionKeys, payload.multiplePatients),
      },
      parse: (value) => {
        const parsed = check(value);
        return 'error' in parsed
          ? { error: parsed.error }
          : (value as Static<typeof ModelNoteSchema>);
      },
      ...(payload.stream
        ? {
            onDelta: (textSoFar: string) => {
              // Throttled: each progress report is a Redis round trip.
              if (Date.now() - lastSent < 100) return;
              lastSent = Date.now();
              void reportProgress({ text: textSoFar });
            },
          }
        : {}),
    });
    const parsed = check(answer.value);
    if ('error' in parsed) throw new LlmError('invalid-output');
    // The note as data: the model's record where the dictation supports it (issue 28).
    const result = withModelRecords(parsed, answer.value, {
      text: payload.text,
      professional: payload.professional,
      additionalContext: payload.additionalContext,
      multiplePatients: payload.multiplePatients,
      medicalTerms: payload.medicalTerms,
    });
    return { ...llmUsage(answer), result };
  } catch (error) {
    declared(error);
  }
}

async function diagnose(
  llm: LlmClient,
  payload: Static<typeof DiagnosticJob.payloadSchema>,
): Promise<DiagnosticResult> {
  if (!llm.isConfigured('standard')) {
    return {
      ...offlineUsage,
      ...analyseOffline(payload.rawText, payload.additionalContext ?? undefined),
    };
  }
  try {
    const answer = await llm.completeJson({
      mode: 'standard',
      purpose: 'diagnostic-analysis',
      messages: buildDiagnosticMessages(payload.rawText, payload.additionalContext ?? undefined),
      schema: ModelNoteSchema,
      parse: (value) => {
        const parsed = parseDiagnosticOutput(value);
        return 'error' in parsed
          ? { error: parsed.error }
          : (value as Static<typeof ModelNoteSchema>);
      },
    });
    const parsed = parseDiagnosticOutput(answer.value);
    if ('error' in parsed) throw new LlmError('invalid-output');
    return { ...llmUsage(answer), ...parsed };
  } catch (error) {
    declared(error);
  }
}

/** The formatting queue's handlers, bound to one LLM client. */
export function formattingHandlers(llm: LlmClient) {
  return [
    handleJob(FormatNoteJob, (payload, context) =>
      formatNote(llm, payload, context.reportProgress),
    ),
    handleJob(DiagnosticJob, (payload) => diagnose(llm, payload)),
  ];
}

/** Starts consuming the formatting queue; resolves once the worker is connected. */
export async function startFormattingWorker(config: FormattingConfig) {
  const log = productLogger({ service: 'formatting-worker', level: config.LOG_LEVEL });
  const llm = new LlmClient(llmSettingsFrom(config), log);
  const { close } = await startWorkerProcess({
    queue: config.FORMATTING_QUEUE,
    redisUrl: config.REDIS_URL,
    jobs: formattingHandlers(llm),
    concurrency: config.FORMATTING_WORKER_CONCURRENCY,
    log,
    lockDurationMs: config.FORMATTING_WORKER_LOCK_MS,
    stalledIntervalMs: config.FORMATTING_WORKER_LOCK_MS,
    health: { port: config.HEALTH_PORT, host: config.HOST },
  });
  log.info(
    { llm: llm.isConfigured('standard') ? 'configured' : 'offline' },
    'formatting worker ready',
  );
  return { close };
}
