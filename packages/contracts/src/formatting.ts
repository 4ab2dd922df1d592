import { type Static, Type } from '@sinclair/typebox';
import { IdParamsSchema, MessageSchema, Nullable, UuidSchema } from './common.js';
import { MAX_TRANSCRIPT_CHARS, USER_TEMPLATES_PREMIUM_ONLY } from './constants/formatting.js';
import { adminCrud } from './formatting/admin-crud.js';
import {
  AiTemplateSchema,
  CreateAiTemplateBodySchema,
  CreateMedicalTermBodySchema,
  CreateProfessionalTemplateBodySchema,
  CreateSystemInstructionBodySchema,
  CreateUserTemplateBodySchema,
  MedicalTermSchema,
  ProfessionalTemplateSchema,
  SystemInstructionSchema,
  UpdateAiTemplateBodySchema,
  UpdateMedicalTermBodySchema,
  UpdateProfessionalTemplateBodySchema,
  UpdateSystemInstructionBodySchema,
  UpdateUserTemplateBodySchema,
  UserTemplateSchema,
} from './formatting/content.js';
import { FormattedNoteSchema, ProfessionalSchema } from './formatting/note.js';
import { defineRoute } from './route.js';

// The note's shape and the admin content live in formatting/ by resource; this module is the
// formatting service's contract as the package exports it (the same names as ever).
export * from './formatting/content.js';
export * from './formatting/note.js';

const TranscriptSchema = (emptyMessage: string) =>
  Type.String({
    minLength: 1,
    maxLength: MAX_TRANSCRIPT_CHARS,
    pattern: '\\S',
    errorMessage: {
      default: emptyMessage,
      maxLength:
        'A transcrição passou do limite de 200.000 caracteres. Formate o atendimento em partes.',
    },
  });

/**
 * Which dictation a format request (or its event) belongs to: the workspace's id of the
 * transcription, the same every time it is formatted again, and which part it is when a long
 * dictation is formatted in parts (docs/decisions.md, "Errors and validation": text sizes). The vault keeps one
 * record per id.
 */
export const TranscriptionRefSchema = Type.Object({
  id: Type.String({ format: 'uuid', errorMessage: 'Identificador da transcrição inválido.' }),
  part: Type.Integer({
    minimum: 1,
    maximum: 1_000,
    errorMessage: 'Parte da transcrição inválida: use um número de 1 a 1000.',
  }),
  parts: Type.Integer({
    minimum: 1,
    maximum: 1_000,
    errorMessage: 'Número de partes da transcrição inválido: use um número de 1 a 1000.',
  }),
});
export type TranscriptionRef = Static<typeof TranscriptionRefSchema>;

export const FormatTextBodySchema = Type.Object({
  text: TranscriptSchema(
    'A transcrição está vazia. Grave ou digite o atendimento antes de formatar.',
  ),
  language: Type.Optional(
    Type.Literal('pt-BR', { errorMessage: 'Idioma não suportado: use pt-BR.' }),
  ),
  professional: ProfessionalSchema,
  additionalContext: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  multiplePatients: Type.Optional(Type.Boolean()),
  useMedicalDictionary: Type.Optional(Type.Boolean()),
  useSuperAI: Type.Optional(Type.Boolean()),
  useAlternativeAI: Type.Optional(Type.Boolean()),
  customTemplateId: Type.Optional(Nullable(UuidSchema)),
  /** Length of the recording, for the vault's statistics. */
  audioLengthSec: Type.Optional(Type.Number({ minimum: 0, maximum: 86_400 })),
  /** The dictation this text is (a part of): one vault record per transcription. */
  transcription: Type.Optional(Nullable(TranscriptionRefSchema)),
  /**
   * The client's id of this press of 'Formatar' (one per part), sent again unchanged when it
   * retries after an answer it could not read: a signed-in caller's retry with the same id and
   * body joins the note still being written, or gets the one written for the lost answer, and
   * the consult is counted once.
   */
  requestId: Type.Optional(
    Type.String({ format: 'uuid', errorMessage: 'Identificador da solicitação inválido.' }),
  ),
});
export type FormatTextBody = Static<typeof FormatTextBodySchema>;

export const FormattingEngineSchema = Type.Union([Type.Literal('llm'), Type.Literal('offline')]);
export type FormattingEngine = Static<typeof FormattingEngineSchema>;

/**
 * One patient: `formatted` holds the note. Multiple patients: `patients` holds one note per
 * patient (in marker order) and `summary` the consultation summary. `text` is always the whole
 * rendered result.
 */
export const FormatTextResponseSchema = Type.Object({
  consultId: UuidSchema,
  engine: FormattingEngineSchema,
  /** The model that wrote the note, or `offline-ptbr` for the built-in formatter. */
  model: Type.String(),
  formatted: Type.Optional(FormattedNoteSchema),
  patients: Type.Optional(Type.Array(FormattedNoteSchema)),
  summary: Type.Optional(Type.String()),
  text: Type.String(),
});
export type FormatTextResponse = Static<typeof FormatTextResponseSchema>;

export const DiagnosticAnalysisBodySchema = Type.Object({
  rawText: TranscriptSchema(
    'A transcrição está vazia. Grave ou digite o atendimento antes da análise.',
  ),
  additionalContext: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
});
export type DiagnosticAnalysisBody = Static<typeof DiagnosticAnalysisBodySchema>;

export const DiagnosticHypothesisSchema = Type.Object({
  name: Type.String(),
  /** ICD-10 code (CID-10), e.g. F32.1. */
  code: Type.String(),
  criteriaMet: Type.Array(Type.String()),
  criteriaMissing: Type.Array(Type.String()),
  /** 'alta' | 'moderada' | 'baixa', as the clinician reads it. */
  likelihood: Type.String(),
});
export const DiagnosticAnalysisResponseSchema = Type.Object({
  /** The rendered analysis, ending with the decision-support disclaimer. */
  analysis: Type.String(),
  hypotheses: Type.Array(DiagnosticHypothesisSchema),
  engine: FormattingEngineSchema,
  model: Type.String(),
});
export type DiagnosticAnalysisResponse = Static<typeof DiagnosticAnalysisResponseSchema>;

const tags = ['formatting'];

export const FormattingRoutes = {
  formatText: defineRoute({
    method: 'POST',
    url: '/api/format-text',
    access: 'public',
    summary:
      'Format a dictation into the structured note of a specialty (JSON, or SSE with Accept: text/event-stream)',
    tags,
    body: FormatTextBodySchema,
    bodyLimit: 2 * 1024 * 1024,
    response: { 200: FormatTextResponseSchema, 502: MessageSchema, 504: MessageSchema },
  }),
  diagnosticAnalysis: defineRoute({
    method: 'POST',
    url: '/api/diagnostic-analysis',
    access: 'public',
    summary:
      'Psychiatric diagnostic hypotheses with the criteria met and missing (decision support)',
    tags,
    body: DiagnosticAnalysisBodySchema,
    bodyLimit: 2 * 1024 * 1024,
    response: { 200: DiagnosticAnalysisResponseSchema },
  }),
  professionalTemplates: adminCrud({
    path: '/api/admin/templates',
    what: 'professional templates (override the built-in prompt of a specialty)',
    item: ProfessionalTemplateSchema,
    create: CreateProfessionalTemplateBodySchema,
    update: UpdateProfessionalTemplateBodySchema,
  }),
  medicalTerms: adminCrud({
    path: '/api/admin/medical-terms',
    what: 'medical terms (correct spellings for the medical dictionary)',
    item: MedicalTermSchema,
    create: CreateMedicalTermBodySchema,
    update: UpdateMedicalTermBodySchema,
  }),
  systemInstructions: adminCrud({
    path: '/api/admin/system-instructions',
    what: 'system instructions (joined to every prompt, in display order)',
    item: SystemInstructionSchema,
    create: CreateSystemInstructionBodySchema,
    update: UpdateSystemInstructionBodySchema,
  }),
  aiTemplates: adminCrud({
    path: '/api/ai-templates',
    what: 'AI templates',
    item: AiTemplateSchema,
    create: CreateAiTemplateBodySchema,
    update: UpdateAiTemplateBodySchema,
  }),
  listUserTemplates: defineRoute({
    method: 'GET',
    url: '/api/user-templates',
    access: 'user',
    summary: "The caller's custom templates",
    tags,
    response: { 200: Type.Array(UserTemplateSchema) },
  }),
  createUserTemplate: defineRoute({
    method: 'POST',
    url: '/api/user-templates',
    access: 'premium',
    summary: 'Create a custom template (Premium)',
    tags,
    forbiddenMessage: USER_TEMPLATES_PREMIUM_ONLY,
    body: CreateUserTemplateBodySchema,
    response: { 201: UserTemplateSchema },
  }),
  updateUserTemplate: defineRoute({
    method: 'PUT',
    url: '/api/user-templates/:id',
    access: 'premium',
    summary: "Edit one of the caller's custom templates (Premium)",
    tags,
    forbiddenMessage: USER_TEMPLATES_PREMIUM_ONLY,
    params: IdParamsSchema,
    body: UpdateUserTemplateBodySchema,
    response: { 200: UserTemplateSchema },
  }),
  deleteUserTemplate: defineRoute({
    method: 'DELETE',
    url: '/api/user-templates/:id',
    access: 'user',
    summary: "Delete one of the caller's custom templates",
    tags,
    params: IdParamsSchema,
    response: { 200: MessageSchema },
  }),
} as const;
