import { type Static, Type } from '@sinclair/typebox';
import { ClinicalRecordSchema, modelClinicalRecordSchema } from './clinical-record.js';
import {
  DateTimeSchema,
  IdParamsSchema,
  MessageSchema,
  Nullable,
  StringEnum,
  UuidSchema,
} from './common.js';
import {
  AI_TEMPLATE_TYPES,
  MAX_TRANSCRIPT_CHARS,
  MEDICAL_TERM_CATEGORIES,
  PROFESSIONALS,
  TEMPLATE_PROFESSIONALS,
  USER_TEMPLATES_PREMIUM_ONLY,
} from './constants/formatting.js';
import { defineRoute } from './route.js';

export const ProfessionalSchema = Type.Union(
  PROFESSIONALS.map((p) => Type.Literal(p)),
  {
    errorMessage: 'Informe uma especialidade válida da lista.',
  },
);

const NonBlank = (max: number, errorMessage: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', errorMessage });

export const PatientDataSchema = Type.Object({
  name: Type.String(),
  age: Type.String(),
  gender: Type.String(),
});
export type PatientData = Static<typeof PatientDataSchema>;

export const NoteSectionSchema = Type.Object({
  /** Stable key of the section within its specialty (e.g. `occupationalHistory`). */
  key: Type.String(),
  /** The pt-BR heading shown to the clinician. */
  heading: Type.String(),
  content: Type.String(),
});
export type NoteSection = Static<typeof NoteSectionSchema>;

/**
 * A structured clinical note. The seven common fields of a note are always present (missing
 * ones read 'Não informado'); `sections` holds the specialty's own headings, in order, and
 * `text` the rendered note the clinician reads, edits and copies.
 */
export const FormattedNoteSchema = Type.Object({
  title: Type.String(),
  professional: ProfessionalSchema,
  patientData: PatientDataSchema,
  chiefComplaint: Type.String(),
  historyOfPresentIllness: Type.String(),
  physicalExam: Type.String(),
  diagnosticHypothesis: Type.String(),
  treatment: Type.String(),
  observations: Type.String(),
  sections: Type.Array(NoteSectionSchema),
  text: Type.String(),
  /** The note as data (issue 28): what the dictation states, for the FHIR export. */
  record: Type.Optional(ClinicalRecordSchema),
});
export type FormattedNote = Static<typeof FormattedNoteSchema>;

const closed = { additionalProperties: false } as const;

/**
 * The note as a model answers it (the prompt's JSON shape): patient data and the specialty's
 * sections by key, or with several patients one such object each plus the summary. Written for
 * OpenAI's Structured Outputs in strict mode: every object closed, every property required,
 * `Não informado` for what was not said. The formatting worker sends it as the `json_schema`
 * response format and checks the answer against it.
 */
export function modelNoteAnswerSchema(sectionKeys: readonly string[], multiplePatients: boolean) {
  const text = Type.String();
  const patient = Type.Object(
    {
      patientData: Type.Object({ name: text, age: text, gender: text }, closed),
      sections: Type.Array(Type.Object({ key: StringEnum(sectionKeys), content: text }, closed)),
      record: modelClinicalRecordSchema(),
    },
    closed,
  );
  return multiplePatients
    ? Type.Object({ patients: Type.Array(patient), summary: text }, closed)
    : patient;
}

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

// ---- admin content ----------------------------------------------------------------------------

export const ProfessionalTemplateSchema = Type.Object({
  id: UuidSchema,
  professional: ProfessionalSchema,
  name: Type.String(),
  prompt: Type.String(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
/** The specialties a professional template may be created for (ten of them). */
export const TemplateProfessionalSchema = Type.Union(
  TEMPLATE_PROFESSIONALS.map((p) => Type.Literal(p)),
  {
    errorMessage:
      'Informe uma especialidade válida da lista: medico_familia, medico_familia_personalizado, medico_ambulatorio, medico_trabalho, enfermeira, tecnico_enfermagem, nutricionista, assistente_social, psiquiatria ou psicoterapia.',
  },
);
export const CreateProfessionalTemplateBodySchema = Type.Object({
  professional: TemplateProfessionalSchema,
  name: NonBlank(200, 'Informe o nome do template.'),
  prompt: NonBlank(50_000, 'Informe o prompt do template.'),
});
export const UpdateProfessionalTemplateBodySchema = Type.Partial(
  CreateProfessionalTemplateBodySchema,
);

export const MedicalTermCategorySchema = Type.Union(
  MEDICAL_TERM_CATEGORIES.map((c) => Type.Literal(c)),
  { errorMessage: 'Categoria inválida: use doença, medicamento, exame, sintoma ou procedimento.' },
);
export const MedicalTermSchema = Type.Object({
  id: UuidSchema,
  term: Type.String(),
  category: Nullable(MedicalTermCategorySchema),
  createdAt: DateTimeSchema,
});
export const CreateMedicalTermBodySchema = Type.Object({
  term: NonBlank(200, 'Informe o termo.'),
  category: Type.Optional(Nullable(MedicalTermCategorySchema)),
});
export const UpdateMedicalTermBodySchema = Type.Partial(CreateMedicalTermBodySchema);

export const SystemInstructionSchema = Type.Object({
  id: UuidSchema,
  title: Type.String(),
  content: Type.String(),
  displayOrder: Type.Integer(),
  isActive: Type.Boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
const DisplayOrderSchema = Type.Integer({
  minimum: 0,
  maximum: 100_000,
  errorMessage: 'A ordem de exibição deve ser um número inteiro maior ou igual a 0.',
});
export const CreateSystemInstructionBodySchema = Type.Object({
  title: NonBlank(200, 'Informe o título da instrução.'),
  content: NonBlank(20_000, 'Informe o conteúdo da instrução.'),
  /** Missing or null falls back to 0. */
  displayOrder: Type.Optional(Nullable(DisplayOrderSchema)),
  isActive: Type.Optional(Type.Boolean()),
});
export const UpdateSystemInstructionBodySchema = Type.Partial(CreateSystemInstructionBodySchema);

export const AiTemplateTypeSchema = Type.Union(AI_TEMPLATE_TYPES.map((t) => Type.Literal(t)));
export const AiTemplateSchema = Type.Object({
  id: UuidSchema,
  templateKey: Type.String(),
  templateType: AiTemplateTypeSchema,
  name: Type.String(),
  category: Nullable(Type.String()),
  description: Nullable(Type.String()),
  prompt: Type.String(),
  isActive: Type.Boolean(),
  isSystemDefault: Type.Boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export const CreateAiTemplateBodySchema = Type.Object({
  templateKey: NonBlank(100, 'Informe a chave do template.'),
  /** Defaults to professional_prompt. */
  templateType: Type.Optional(AiTemplateTypeSchema),
  name: NonBlank(200, 'Informe o nome do template.'),
  category: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2_000 }))),
  prompt: NonBlank(50_000, 'Informe o prompt do template.'),
  isActive: Type.Optional(Type.Boolean()),
  isSystemDefault: Type.Optional(Type.Boolean()),
});
export const UpdateAiTemplateBodySchema = Type.Partial(CreateAiTemplateBodySchema);

export const UserTemplateSchema = Type.Object({
  id: UuidSchema,
  name: Type.String(),
  content: Type.String(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export const CreateUserTemplateBodySchema = Type.Object({
  name: NonBlank(200, 'Informe o nome do template.'),
  content: NonBlank(50_000, 'Informe o conteúdo do template.'),
});
export const UpdateUserTemplateBodySchema = Type.Partial(CreateUserTemplateBodySchema);

const tags = ['formatting'];
const adminTags = ['formatting', 'admin'];

/** Four admin lists with the same create/read/update/delete shape. */
function adminCrud<
  TItem extends ReturnType<typeof Type.Object>,
  TCreate extends ReturnType<typeof Type.Object>,
  TUpdate extends ReturnType<typeof Type.Partial>,
>(options: { path: string; what: string; item: TItem; create: TCreate; update: TUpdate }) {
  const { path, what, item, create, update } = options;
  const access = 'admin';
  return {
    list: defineRoute({
      method: 'GET',
      url: path,
      access,
      summary: `List ${what}`,
      tags: adminTags,
      response: { 200: Type.Array(item) },
    }),
    create: defineRoute({
      method: 'POST',
      url: path,
      access,
      summary: `Create ${what}`,
      tags: adminTags,
      body: create,
      response: { 201: item },
    }),
    update: defineRoute({
      method: 'PUT',
      url: `${path}/:id`,
      access,
      summary: `Edit ${what}`,
      tags: adminTags,
      params: IdParamsSchema,
      body: update,
      response: { 200: item },
    }),
    remove: defineRoute({
      method: 'DELETE',
      url: `${path}/:id`,
      access,
      summary: `Delete ${what}`,
      tags: adminTags,
      params: IdParamsSchema,
      response: { 200: MessageSchema },
    }),
  };
}

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
