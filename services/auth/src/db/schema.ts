import type { KitTables } from '@pv/service-kit/events';
import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  full_name: string;
  profile_image_url: string | null;
  is_admin: Generated<boolean>;
  is_premium: Generated<boolean>;
  subscription_status: string | null;
  user_status: Generated<'active' | 'inactive' | 'suspended'>;
  specialty: string | null;
  professional_registry: string | null;
  registry_number: string | null;
  registry_uf: string | null;
  rqe: string | null;
  clinic_phone: string | null;
  clinic_address: string | null;
  must_change_password: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  last_login_at: Date | null;
  /** Issue 23 (2026_11_28_1500_professional_verification). */
  cpf: string | null;
  verification_state: Generated<'pendente' | 'verificado' | 'recusado'>;
  verification_method: string | null;
  verification_decided_at: Date | null;
  verification_decided_by: string | null;
  verification_reason: string | null;
  verification_evidence_at: Date | null;
  email_verified_at: Date | null;
}

export interface VerificationEvidenceTable {
  user_id: string;
  content_type: string;
  sealed: Buffer;
  submitted_at: Generated<Date>;
}

export interface EmailVerificationTokensTable {
  token_hash: string;
  user_id: string;
  email: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
  /** 2026_11_28_1900_email_link_purpose: confirm the account's address, or change to `email`. */
  purpose: Generated<'confirm' | 'change'>;
}

export interface SessionsTable {
  id: Generated<string>;
  sid: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  last_seen_at: Generated<Date>;
  ended_at: Date | null;
  end_reason: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

export interface TermsVersionsTable {
  id: Generated<string>;
  version: string;
  title: string;
  content: string;
  is_active: Generated<boolean>;
  effective_date: Date;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TermsAcceptancesTable {
  id: Generated<string>;
  user_id: string;
  terms_version_id: string;
  version: string;
  accepted_at: Generated<Date>;
  ip_address: string | null;
  user_agent: string | null;
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: string;
  occurred_at: Date;
  recorded_at: Generated<Date>;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  ip_address: string;
  service: string;
  details: unknown;
}

/** An admin's TOTP secret; `pending_secret` while enrolling (issue 23 item 4). */
export interface StaffSecondFactorsTable {
  user_id: string;
  totp_secret: string | null;
  pending_secret: string | null;
  enrolled_at: Date | null;
  updated_at: Generated<Date>;
}

/** Single-use recovery codes, as SHA-256 hashes. */
export interface StaffRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Date | null;
}

export interface AuthDatabase {
  audit_log: AuditLogTable;
  staff_second_factors: StaffSecondFactorsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  users: UsersTable;
  sessions: SessionsTable;
  terms_versions: TermsVersionsTable;
  terms_acceptances: TermsAcceptancesTable;
  verification_evidence: VerificationEvidenceTable;
  email_verification_tokens: EmailVerificationTokensTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
export type TermsVersionRow = Selectable<TermsVersionsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

/** The auth database handle itself (transactions start here): our tables plus the kit's outbox. */
export type AuthKysely = Kysely<AuthDatabase & KitTables>;
/** What repositories take first: the database or a transaction. */
export type AuthDb = AuthKysely | Transaction<AuthDatabase & KitTables>;
