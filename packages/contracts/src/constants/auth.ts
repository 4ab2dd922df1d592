/** The specialties of spec 1 §3; the value the workspace sends as `professional`. */
export const SPECIALTIES = [
  'consulta_medica',
  'medico_familia',
  'medico_familia_personalizado',
  'medico_ambulatorio',
  'medico_trabalho',
  'medico_visitador',
  'enfermeira',
  'tecnico_enfermagem',
  'nutricionista',
  'assistente_social',
  'psiquiatria',
  'psiquiatria_personalizado',
  'psicoterapia',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

/** Brazilian professional councils a registry number belongs to. */
export const PROFESSIONAL_REGISTRIES = [
  'CRM',
  'COREN',
  'CRN',
  'CRESS',
  'CRP',
  'CRF',
  'CRO',
  'CREFITO',
  'OUTRO',
] as const;

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** 8+ characters with a letter, a digit and a symbol (forced change and admin reset). */
export const STRONG_PASSWORD_PATTERN = '^(?=.*[A-Za-zÀ-ÿ])(?=.*[0-9])(?=.*[^A-Za-zÀ-ÿ0-9]).{8,}$';
