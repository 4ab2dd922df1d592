import { normalizeCpf, VerificationMessages } from '@pv/contracts';
import { badRequest } from '@pv/service-kit/http';
import type { UserPatch, UserRow } from '../db/schema.js';

/** The CPF column for a body's `cpf` (absent: unchanged; null or blank: cleared); 400 if invalid. */
export function cpfPatch(cpf: string | null | undefined): UserPatch {
  if (cpf === undefined) return {};
  const trimmed = cpf?.trim() ?? '';
  if (!trimmed) return { cpf: null };
  const digits = normalizeCpf(trimmed);
  if (!digits) throw badRequest(VerificationMessages.cpfInvalid, 'CPF_INVALID');
  return { cpf: digits };
}

type IdentityColumns = Pick<
  UserRow,
  'professional_registry' | 'registry_number' | 'registry_uf' | 'cpf' | 'verification_state'
>;

const IDENTITY_COLUMNS = [
  'professional_registry',
  'registry_number',
  'registry_uf',
  'cpf',
] as const;

/**
 * A patch that changes what was verified (council, UF, number or CPF) sends the verification
 * back to 'pendente' (and a refusal too: the professional corrected the data, staff look again).
 * Answers the columns to add to the patch.
 */
export function verificationResetFor(current: IdentityColumns, patch: UserPatch): UserPatch {
  if (current.verification_state === 'pendente') return {};
  const changed = IDENTITY_COLUMNS.some(
    (column) =>
      patch[column] !== undefined && (patch[column] ?? null) !== (current[column] ?? null),
  );
  if (!changed) return {};
  return {
    verification_state: 'pendente',
    verification_method: null,
    verification_decided_at: null,
    verification_decided_by: null,
    verification_reason: null,
  };
}

/** Council, UF, number and CPF all present: what a verification needs. */
export const identityComplete = (row: IdentityColumns) =>
  Boolean(row.professional_registry && row.registry_uf && row.registry_number && row.cpf);
