import {
  type DiagnosticHypothesisSchema,
  type FormattedNoteSchema,
  type FormattingEngine,
  PROFESSIONALS,
} from '@pv/contracts';
import { type LlmClient, LlmError, type LlmMode } from '@pv/llm';
import { defineJob } from '@pv/service-kit';
import { type Static, Type } from '@sinclair/typebox';
import { UnrecoverableError } from 'bullmq';
import {
  analyseOffline,
  buildDiagnosticMessages,
  buildFormattingMessages,
  formatOffline,
  parseDiagnosticOutput,
  parseModelOutput,
} from '../notes/index.js';

/** Default queue name; the running name comes from FORMATTING_QUEUE. */
export const FORMATTING_QUEUE = 'formatting';
export const OFFLINE_MODEL = 'offline-ptbr';

const ProfessionalSchema = Type.Union(PROFESSIONALS.map((p) => Type.Literal(p)));

export const FormatNotePayloadSchema = Type.Object({
  text: Type.String(),
  professional: ProfessionalSchema,
  additionalContext: Type.Union([Type.String(), Type.Null()]),
  multiplePatients: Type.Boolean(),
  mode: Type.Union([Type.Literal('standard'), Type.Literal('super'), Type.Literal('alternative')]),
  specialtyPrompt: Type.Union([Type.String(), Type.Null()]),
  customTemplate: Type.Union([
    Type.Object({ name: Type.String(), content: Type.String() }),
    Type.Null(),
  ]),
  systemInstructions: Type.Array(Type.Object({ title: Type.String(), content: Type.String() })),
  medicalTerms: Type.Array(Type.String()),
  stream: Type.Boolean(),
});
export type FormatNotePayload = Static<typeof FormatNotePayloadSchema>;

/** Any JSON object: `parseModelOutput` checks the specialty's shape itself. */
const ModelNoteSchema = Type.Record(Type.String(), Type.Unknown());

export interface JobUsage {
  engine: FormattingEngine;
  model: string;
  promptTokens: number;
  completionTokens: number;
  costUsd: string;
}

export interface FormatNoteResult extends JobUsage {
  result: {
    formatted?: Static<typeof FormattedNoteSchema>;
    patients?: Static<typeof FormattedNoteSchema>[];
    summary?: string;
    text: string;
  };
}

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
 * LLM failures are not retried by the queue (the adapter already retried the provider); the
 * failure travels to the HTTP service as a tagged message it turns back into a status.
 */
export function failWith(error: unknown): never {
  if (error instanceof LlmError) {
    throw new UnrecoverableError(
      `LLM_ERROR ${JSON.stringify({ status: error.status, kind: error.kind, message: error.message })}`,
    );
  }
  throw error;
}

/** Formats one dictation: with the configured LLM for the chosen mode, offline otherwise. */
export function formatNoteJob(llm: LlmClient) {
  return defineJob({
    queue: FORMATTING_QUEUE,
    name: 'format-note',
    payloadSchema: FormatNotePayloadSchema,
    handler: async (payload, job): Promise<FormatNoteResult> => {
      const mode = payload.mode as LlmMode;
      if (!llm.isConfigured(mode)) {
        const result = formatOffline({
          text: payload.text,
          professional: payload.professional,
          additionalContext: payload.additionalContext,
          multiplePatients: payload.multiplePatients,
          medicalTerms: payload.medicalTerms,
        });
        if (payload.stream) await job.updateProgress({ text: result.text });
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
      try {
        const answer = await llm.completeJson({
          mode,
          purpose: 'format-text',
          messages,
          schema: ModelNoteSchema,
          parse: (value) => {
            const parsed = parseModelOutput(payload.professional, value, payload.multiplePatients);
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
                  void job.updateProgress({ text: textSoFar });
                },
              }
            : {}),
        });
        const parsed = parseModelOutput(
          payload.professional,
          answer.value,
          payload.multiplePatients,
        );
        if ('error' in parsed) throw new LlmError('invalid-output');
        return { ...llmUsage(answer), result: parsed };
      } catch (error) {
        failWith(error);
      }
    },
  });
}

export const DiagnosticPayloadSchema = Type.Object({
  rawText: Type.String(),
  additionalContext: Type.Union([Type.String(), Type.Null()]),
});

export interface DiagnosticResult extends JobUsage {
  analysis: string;
  hypotheses: Static<typeof DiagnosticHypothesisSchema>[];
}

/** The psychiatric diagnostic analysis: decision support, with the LLM or offline. */
export function diagnosticJob(llm: LlmClient) {
  return defineJob({
    queue: FORMATTING_QUEUE,
    name: 'diagnostic-analysis',
    payloadSchema: DiagnosticPayloadSchema,
    handler: async (payload): Promise<DiagnosticResult> => {
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
          messages: buildDiagnosticMessages(
            payload.rawText,
            payload.additionalContext ?? undefined,
          ),
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
        failWith(error);
      }
    },
  });
}
