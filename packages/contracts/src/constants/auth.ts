/** The formatting specialties; the value the workspace sends as `professional`. */
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

/**
 * Why a password that passes the pattern is still refused (issue 23 item 5): the server scores it
 * (zxcvbn-ts with its pt-BR dictionary, plus a shipped list of common passwords) and names the
 * reason; the message keeps the spec's rule after it.
 */
export const PasswordStrengthReasons = {
  common: 'está entre as senhas mais usadas',
  personal: 'contém seu nome ou seu e-mail',
  words: 'é formada por palavras ou nomes comuns',
  sequence: 'contém uma sequência previsível (como abc ou 123)',
  repeat: 'repete caracteres ou trechos',
  keyboard: 'segue uma linha do teclado',
  date: 'contém uma data ou um ano',
  short: 'é curta ou previsível demais',
} as const;
export type PasswordStrengthReason = keyof typeof PasswordStrengthReasons;

export const passwordGuessableMessage = (reason: PasswordStrengthReason): string =>
  `Senha fácil de adivinhar: ${PasswordStrengthReasons[reason]}. Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos, sem palavras, nomes ou sequências comuns.`;

/** The console's users list, paged on the server (issue 17). */
export const DEFAULT_USERS_PER_PAGE = 25;
export const MAX_USERS_PER_PAGE = 100;
/** Longest search text: bounds the cost of one ILIKE per row. */
export const USER_SEARCH_MAX_LENGTH = 200;
/** The columns the users list sorts by on the server; `createdAt` (newest first) by default. */
export const ADMIN_USER_SORTS = [
  'createdAt',
  'fullName',
  'email',
  'specialty',
  'registry',
  'lastLoginAt',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
