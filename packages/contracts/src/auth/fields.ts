import { Type } from '@sinclair/typebox';
import {
  PROFESSIONAL_REGISTRIES,
  SPECIALTIES,
  STRONG_PASSWORD_PATTERN,
  USER_STATUSES,
} from '../constants/auth.js';
import { Messages } from '../constants/messages.js';
import { BRAZIL_UFS, type BrazilUf, RegistryMessages } from '../constants/registry.js';

// The fields an account is made of, shared by the user's own forms and the admin console's.

export const SpecialtySchema = Type.Union(SPECIALTIES.map((s) => Type.Literal(s)));

export const ProfessionalRegistrySchema = Type.Union(
  PROFESSIONAL_REGISTRIES.map((s) => Type.Literal(s)),
);

/**
 * The council's state: one of the 27 UFs (an unknown one answers a pt-BR 400). A string enum
 * rather than a union of literals, so the OpenAPI documents list 27 values once per use.
 */
export const RegistryUfSchema = Type.Unsafe<BrazilUf>({
  type: 'string',
  enum: [...BRAZIL_UFS],
  errorMessage: RegistryMessages.unknownUf,
});

export const UserStatusSchema = Type.Union(USER_STATUSES.map((s) => Type.Literal(s)));

export const StrongPasswordSchema = Type.String({
  pattern: STRONG_PASSWORD_PATTERN,
  maxLength: 256,
  errorMessage: Messages.passwordPolicy,
});

export const EmailSchema = Type.String({
  format: 'email',
  maxLength: 254,
  errorMessage: 'Informe um email válido.',
});
export const ShortText = (max = 200) => Type.String({ maxLength: max });

export const NonBlank = (max: number, errorMessage: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', errorMessage });

/**
 * RQE numbers are digits; blank clears it. Ajv runs `pattern` even past `maxLength` (allErrors),
 * so the pattern must be linear on a body-sized string: `^\s*\d*\s*$` re-scanned a run of blanks
 * from each of its positions (100,000 tabs took 12 s).
 */
export const RqeSchema = Type.String({
  maxLength: 20,
  pattern: '^\\s*(?:\\d+\\s*)?$',
  errorMessage: RegistryMessages.rqeInvalid,
});
