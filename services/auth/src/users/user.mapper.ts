import type {
  AdminUser,
  BrazilUf,
  CurrentUser,
  ProfessionalVerification,
  Specialty,
  UserChangedPayload,
  VerificationMethod,
} from '@pv/contracts';
import type { Principal } from '@pv/service-kit/http';
import type { UserRow } from '../db/schema.js';
import type { UserWithAcceptance } from './user.repository.js';

/** Premium by the admin's flag or by an active subscription. */
export const effectivePremium = (row: UserRow) =>
  row.is_premium || row.subscription_status === 'active';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** First word is the first name, the rest the last name ("Ana Maria Souza" -> "Ana", "Maria Souza"). */
export function splitFullName(fullName: string): {
  firstName: string;
  lastName: string;
  fullName: string;
} {
  const clean = fullName.trim().replace(/\s+/g, ' ');
  const [first = '', ...rest] = clean.split(' ');
  return { firstName: first, lastName: rest.join(' '), fullName: clean };
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name,
    profileImageUrl: row.profile_image_url,
    isAdmin: row.is_admin,
    isPremium: effectivePremium(row),
    subscriptionStatus: row.subscription_status,
    userStatus: row.user_status,
    specialty: row.specialty as Specialty | null,
    professionalRegistry: row.professional_registry as CurrentUser['professionalRegistry'],
    registryNumber: row.registry_number,
    registryUf: row.registry_uf as BrazilUf | null,
    rqe: row.rqe,
    clinicPhone: row.clinic_phone,
    clinicAddress: row.clinic_address,
    mustChangePassword: row.must_change_password,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: iso(row.last_login_at),
    cpf: row.cpf,
    professionalVerification: toProfessionalVerification(row),
    emailVerified: row.email_verified_at !== null,
  };
}

/** The verification of registry + CPF as the professional and the console read it. */
export function toProfessionalVerification(row: UserRow): ProfessionalVerification {
  return {
    state: row.verification_state,
    method: row.verification_method as VerificationMethod | null,
    decidedAt: iso(row.verification_decided_at),
    decidedBy: row.verification_decided_by,
    reason: row.verification_reason,
    evidenceSubmitted: row.verification_evidence_at !== null,
  };
}

export function toAdminUser(row: UserWithAcceptance): AdminUser {
  return {
    id: row.id,
    fullName: row.full_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    picture: row.profile_image_url,
    userStatus: row.user_status,
    isPremium: row.is_premium,
    isAdmin: row.is_admin,
    specialty: row.specialty as Specialty | null,
    registryNumber: row.registry_number,
    professionalRegistry: row.professional_registry as AdminUser['professionalRegistry'],
    registryUf: row.registry_uf as BrazilUf | null,
    rqe: row.rqe,
    clinicPhone: row.clinic_phone,
    clinicAddress: row.clinic_address,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: iso(row.last_login_at),
    subscriptionStatus: row.subscription_status,
    mustChangePassword: row.must_change_password,
    termsAcceptance:
      row.terms_version && row.terms_accepted_at
        ? {
            version: row.terms_version,
            acceptedAt: row.terms_accepted_at.toISOString(),
            ipAddress: row.terms_ip_address,
            userAgent: row.terms_user_agent,
          }
        : null,
  };
}

/** What a session record says about its user; rewritten whenever the user changes. */
export function toPrincipalFields(row: UserRow): Omit<Principal, 'sessionId'> {
  return {
    userId: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name,
    isAdmin: row.is_admin,
    isPremium: effectivePremium(row),
    userStatus: row.user_status,
    mustChangePassword: row.must_change_password,
    emailVerified: row.email_verified_at !== null,
  };
}

export function toChangedUser(row: UserRow): UserChangedPayload['user'] {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name,
    email: row.email,
    isAdmin: row.is_admin,
    isPremium: effectivePremium(row),
    userStatus: row.user_status,
    specialty: row.specialty as Specialty | null,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: iso(row.last_login_at),
    professionalRegistry: row.professional_registry as AdminUser['professionalRegistry'],
    registryNumber: row.registry_number,
    registryUf: row.registry_uf as BrazilUf | null,
    rqe: row.rqe,
    clinicPhone: row.clinic_phone,
    clinicAddress: row.clinic_address,
    professionalVerification: {
      state: row.verification_state,
      verifiedCpf: row.verification_state === 'verificado' ? row.cpf : null,
      decidedAt: iso(row.verification_decided_at),
    },
  };
}
