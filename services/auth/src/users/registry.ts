import {
  type AdminUpdateUserBody,
  normalizeRegistryNumber,
  RegistryMessages,
  registryNumberProblem,
} from '@pv/contracts';
import { badRequest } from '@pv/service-kit/http';
import type { UserPatch, UserRow } from '../db/schema.js';

/** The registry fields the profile and the admin's user form both send. */
export type RegistryFields = Pick<
  AdminUpdateUserBody,
  'professionalRegistry' | 'registryNumber' | 'registryUf' | 'rqe'
>;

type RegistryColumns = Pick<UserRow, 'professional_registry' | 'registry_number' | 'registry_uf'>;

const blankToNull = (value: string | null | undefined) =>
  value == null ? value : value.trim() || null;

/**
 * The columns for the registry fields a body carries (absent: unchanged; null or blank: cleared),
 * checked against the row they land on: a number needs its council and UF, and must be written
 * the way its council writes numbers (registryNumberProblem). The number is stored normalized
 * ("123.456" -> "123456"). A body that touches none of council, number and UF checks nothing, so
 * an older row does not block saving a name.
 */
export function registryPatch(
  current: RegistryColumns | undefined,
  body: RegistryFields,
): UserPatch {
  const patch: UserPatch = {};
  if (body.professionalRegistry !== undefined)
    patch.professional_registry = body.professionalRegistry;
  if (body.registryNumber !== undefined) {
    const number = blankToNull(body.registryNumber);
    patch.registry_number = number ? normalizeRegistryNumber(number) : null;
  }
  if (body.registryUf !== undefined) patch.registry_uf = body.registryUf;
  if (body.rqe !== undefined) patch.rqe = blankToNull(body.rqe) ?? null;
  const touched =
    body.professionalRegistry !== undefined ||
    body.registryNumber !== undefined ||
    body.registryUf !== undefined;
  if (!touched) return patch;

  const council = patch.professional_registry ?? current?.professional_registry ?? null;
  const number =
    patch.registry_number !== undefined
      ? patch.registry_number
      : (current?.registry_number ?? null);
  const uf = patch.registry_uf !== undefined ? patch.registry_uf : (current?.registry_uf ?? null);
  if (!number) return patch;
  if (!council) throw badRequest(RegistryMessages.councilRequired, 'REGISTRY_COUNCIL_REQUIRED');
  const problem = registryNumberProblem(council, number);
  if (problem) throw badRequest(problem, 'REGISTRY_NUMBER_INVALID');
  if (!uf) throw badRequest(RegistryMessages.ufRequired, 'REGISTRY_UF_REQUIRED');
  return patch;
}
