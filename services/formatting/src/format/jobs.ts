import {
  DiagnosticHypothesisSchema,
  FormattedNoteSchema,
  FormattingEngineSchema,
  PROFESSIONALS,
} from '@pv/contracts';
import { defineJob } from '@pv/service-kit/jobs';
import { type Static, Type } from '@sinclair/typebox';

// The formatting queue's jobs as the HTTP service and the formatting-worker both know them. The
// handlers live in src/workers/formatting-handlers.ts, the only place that builds an LLM client.

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

/** Who did the work and what it cost: every job's result carries it, for ai.request.completed.v1. */
const UsageFields = {
  engine: FormattingEngineSchema,
  model: Type.String(),
  promptTokens: Type.Integer({ minimum: 0 }),
  completionTokens: Type.Integer({ minimum: 0 }),
  costUsd: Type.String(),
};
const JobUsageSchema = Type.Object(UsageFields);
export type JobUsage = Static<typeof JobUsageSchema>;

export const FormatNoteResultSchema = Type.Object({
  ...UsageFields,
  result: Type.Object({
    formatted: Type.Optional(FormattedNoteSchema),
    patients: Type.Optional(Type.Array(FormattedNoteSchema)),
    summary: Type.Optional(Type.String()),
    text: Type.String(),
  }),
});
export type FormatNoteResult = Static<typeof FormatNoteResultSchema>;

/** Formats one dictation: with the configured LLM for the chosen mode, offline otherwise. */
export const FormatNoteJob = defineJob({
  queue: FORMATTING_QUEUE,
  name: 'format-note',
  payloadSchema: FormatNotePayloadSchema,
  resultSchema: FormatNoteResultSchema,
});

export const DiagnosticPayloadSchema = Type.Object({
  rawText: Type.String(),
  additionalContext: Type.Union([Type.String(), Type.Null()]),
});

export const DiagnosticResultSchema = Type.Object({
  ...UsageFields,
  analysis: Type.String(),
  hypotheses: Type.Array(DiagnosticHypothesisSchema),
});
export type DiagnosticResult = Static<typeof DiagnosticResultSchema>;

/** The psychiatric diagnostic analysis: decision support, with the LLM or offline. */
export const DiagnosticJob = defineJob({
  queue: FORMATTING_QUEUE,
  name: 'diagnostic-analysis',
  payloadSchema: DiagnosticPayloadSchema,
  resultSchema: DiagnosticResultSchema,
});
