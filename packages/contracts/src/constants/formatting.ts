import { SPECIALTIES } from './auth.js';
import { DOCUMENT_TYPES } from './documents.js';

/** What the workspace sends as `professional`: the 13 specialties and the 3 prescription kinds. */
export const PROFESSIONALS = [
  ...SPECIALTIES,
  'prescricao_hospitalar',
  'prescricao_ambulatorial',
  'prescricao_controlada',
] as const;
export type Professional = (typeof PROFESSIONALS)[number];

/** The ten specialties an admin's professional template may be written for. */
export const TEMPLATE_PROFESSIONALS = [
  'medico_familia',
  'medico_familia_personalizado',
  'medico_ambulatorio',
  'medico_trabalho',
  'enfermeira',
  'tecnico_enfermagem',
  'nutricionista',
  'assistente_social',
  'psiquiatria',
  'psicoterapia',
] as const satisfies readonly Professional[];
export type TemplateProfessional = (typeof TEMPLATE_PROFESSIONALS)[number];

/** Longest dictation accepted: an 8-hour consultation is ~80,000 words, ~500,000 characters... */
export const MAX_TRANSCRIPT_CHARS = 200_000;
/** ...so the workspace formats long recordings in parts of at most this size. */
export const NOT_INFORMED = 'Não informado';

export const MEDICAL_TERM_CATEGORIES = [
  'disease',
  'medication',
  'exam',
  'symptom',
  'procedure',
] as const;

export const AI_TEMPLATE_TYPES = [
  'professional_prompt',
  'document_template',
  'formatting_prompt',
  'system_instruction',
] as const;

/**
 * A `document_template` AI template is the template of one document type: its key names the
 * type (docs/documents.md, "Templates IA"), which the admin API checks with this message.
 */
export const DOCUMENT_TEMPLATE_KEY_INVALID = `A chave de um template do tipo "Modelo de documento" deve ser o tipo do documento: ${DOCUMENT_TYPES.join(', ')}.`;

export const USER_TEMPLATES_PREMIUM_ONLY =
  'Templates personalizados são exclusivos do plano Premium. Faça o upgrade para criar os seus.';

/** Formatting with a custom template after the Premium subscription ended (the template is kept). */
export const CUSTOM_TEMPLATE_NEEDS_PREMIUM =
  'Seu plano Premium não está ativo: templates personalizados são exclusivos do Premium. Assine o Premium novamente para usar seus templates, ou formate sem template.';

/**
 * The marker the workspace's 'Novo Paciente' button inserts into the transcript (patients are
 * numbered from 1); the formatter splits a multi-patient dictation at these markers.
 * @example patientMarker(2) // '[Paciente 2]'
 */
export const patientMarker = (n: number) => `[Paciente ${n}]`;
/** Matches a marker anywhere in a transcript; group 1 is the patient's number. */
export const PATIENT_MARKER_SOURCE = '\\[Paciente (\\d+)\\]';
