import {
  EVIDENCE_CONTENT_TYPES,
  MAX_EVIDENCE_BYTES,
  type ProfessionalVerification,
  type VerificationCertificateBody,
  type VerificationEvidenceBody,
  VerificationMessages,
  type VerificationQueueEntry,
} from '@pv/contracts';
import { recordStaffAccess, type StaffActor } from '@pv/service-clients';
import { enqueueEvent } from '@pv/service-kit/events';
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  type Principal,
  serviceUnavailable,
  unauthorized,
} from '@pv/service-kit/http';
import {
  type CertificateInfo,
  inspectPkcs12,
  isCertificateError,
  MAX_PKCS12_BYTES,
} from '@pv/signing';
import type { AuthDb, AuthKysely, UserPatch, UserRow } from '../db/schema.js';
import { identityComplete } from '../users/identity-patch.js';
import { toChangedUser, toProfessionalVerification } from '../users/user.mapper.js';
import { findUserById, updateUser } from '../users/user.repository.js';
import type { EvidenceCipher } from './evidence-cipher.js';
import type { RegistryLookup } from './registry-lookup.js';

export interface VerificationDeps {
  db: AuthKysely;
  relay: { kick(): void };
  /** PEM roots trusted besides ICP-Brasil's (SIGNING_EXTRA_TRUST_ROOTS). */
  extraTrustRoots: readonly string[];
  /** Unset without VERIFICATION_EVIDENCE_KEY: evidence upload answers 503. */
  evidence: EvidenceCipher | undefined;
  lookup: RegistryLookup;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const decodeBase64 = (value: string): Buffer | null =>
  value.length % 4 === 0 && BASE64.test(value) ? Buffer.from(value, 'base64') : null;

/** The file really is what its type says (the first bytes), so a reviewer opens a card, not a script. */
const MAGIC: Record<(typeof EVIDENCE_CONTENT_TYPES)[number], number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
};

const decided = (): Pick<UserPatch, 'verification_evidence_at' | 'verification_decided_at'> => ({
  verification_evidence_at: null,
  verification_decided_at: new Date(),
});

/**
 * Verification of a professional's registry (council, UF, number) and CPF (issue 23 item 2):
 * automatically by an ICP-Brasil certificate of the same CPF, or by staff reviewing the evidence
 * the professional sent. Every change of state is announced on auth.user.changed.v1, which is how
 * documents learns whether to print the professional or 'Identificação profissional não
 * verificada'.
 */
export class VerificationService {
  constructor(private readonly deps: VerificationDeps) {}

  async mine(principal: Principal): Promise<ProfessionalVerification> {
    const row = await findUserById(this.deps.db, principal.userId);
    if (!row) throw unauthorized();
    return toProfessionalVerification(row);
  }

  async byCertificate(
    principal: Principal,
    body: VerificationCertificateBody,
  ): Promise<ProfessionalVerification> {
    const file = decodeBase64(body.certificateBase64);
    if (!file?.length)
      throw badRequest(VerificationMessages.certificateInvalidFile, 'CERTIFICATE_INVALID_FILE');
    if (file.byteLength > MAX_PKCS12_BYTES)
      throw new AppError(413, 'CERTIFICATE_TOO_LARGE', VerificationMessages.certificateInvalidFile);
    let info: CertificateInfo;
    try {
      info = inspectPkcs12(file, body.password, { extraTrustAnchors: this.deps.extraTrustRoots });
    } catch (error) {
      if (isCertificateError(error)) throw new AppError(422, error.code, error.message);
      throw error;
    }
    const updated = await this.deps.db.transaction().execute(async (trx) => {
      const row = await lockUser(trx, principal.userId);
      assertCertificateMatches(row, info);
      const patch: UserPatch = {
        ...decided(),
        verification_state: 'verificado',
        verification_method: 'certificado-icp-brasil',
        verification_decided_by: `${info.subjectName} (${info.issuerName}${
          info.trustRoot === 'extra' ? ', raiz extra SIGNING_EXTRA_TRUST_ROOTS' : ''
        })`,
        verification_reason: null,
      };
      return this.decide(trx, row, patch);
    });
    this.deps.relay.kick();
    return toProfessionalVerification(updated);
  }

  async submitEvidence(principal: Principal, body: VerificationEvidenceBody): Promise<void> {
    const cipher = this.deps.evidence;
    if (!cipher)
      throw serviceUnavailable(VerificationMessages.evidenceUnavailable, 'EVIDENCE_UNAVAILABLE');
    const type = EVIDENCE_CONTENT_TYPES.find((t) => t === body.contentType);
    if (!type) throw badRequest(VerificationMessages.evidenceType, 'EVIDENCE_TYPE');
    const file = decodeBase64(body.dataBase64);
    if (!file?.length)
      throw badRequest(VerificationMessages.evidenceUnreadable, 'EVIDENCE_UNREADABLE');
    if (file.byteLength > MAX_EVIDENCE_BYTES)
      throw new AppError(413, 'EVIDENCE_TOO_LARGE', VerificationMessages.evidenceTooLarge);
    if (!MAGIC[type].every((byte, i) => file[i] === byte))
      throw badRequest(VerificationMessages.evidenceUnreadable, 'EVIDENCE_UNREADABLE');

    await this.deps.db.transaction().execute(async (trx) => {
      const row = await lockUser(trx, principal.userId);
      if (row.verification_state === 'verificado')
        throw conflict(VerificationMessages.alreadyVerified, 'ALREADY_VERIFIED');
      if (!identityComplete(row))
        throw new AppError(422, 'PROFILE_INCOMPLETE', VerificationMessages.profileIncomplete);
      await trx
        .insertInto('verification_evidence')
        .values({ user_id: row.id, content_type: type, sealed: cipher.seal(row.id, file) })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            content_type: eb.ref('excluded.content_type'),
            sealed: eb.ref('excluded.sealed'),
            submitted_at: eb.ref('excluded.submitted_at'),
          })),
        )
        .execute();
      // A refusal answered with new evidence goes back to the queue.
      const back: UserPatch =
        row.verification_state === 'recusado'
          ? {
              verification_state: 'pendente',
              verification_reason: null,
              verification_decided_at: null,
              verification_decided_by: null,
            }
          : {};
      const updated = await updateUser(trx, row.id, {
        verification_evidence_at: new Date(),
        ...back,
      });
      if (back.verification_state && updated)
        await enqueueEvent(trx, 'auth.user.changed.v1', {
          change: 'updated',
          user: toChangedUser(updated),
        });
    });
    this.deps.relay.kick();
    await this.consultCouncil(principal.userId);
  }

  /**
   * Asks the council's lookup (the default sends every registry to staff review); a confirmed
   * registry is verified at once, a missing one stays for staff to refuse with a reason.
   */
  private async consultCouncil(userId: string): Promise<void> {
    const row = await findUserById(this.deps.db, userId);
    if (row?.verification_state !== 'pendente' || !identityComplete(row)) return;
    const result = await this.deps.lookup.lookup({
      council: row.professional_registry!,
      uf: row.registry_uf!,
      number: row.registry_number!,
      fullName: row.full_name,
    });
    if (result.outcome !== 'confirmed') return;
    await this.deps.db.transaction().execute(async (trx) => {
      const locked = await lockUser(trx, userId);
      if (locked.verification_state !== 'pendente') return;
      await this.decide(trx, locked, {
        ...decided(),
        verification_state: 'verificado',
        verification_method: 'consulta-conselho',
        verification_decided_by: result.source,
        verification_reason: null,
      });
    });
    this.deps.relay.kick();
  }

  async queue(): Promise<VerificationQueueEntry[]> {
    const rows = await this.deps.db
      .selectFrom('users')
      .leftJoin('verification_evidence', 'verification_evidence.user_id', 'users.id')
      .select([
        'users.id',
        'users.full_name',
        'users.email',
        'users.professional_registry',
        'users.registry_uf',
        'users.registry_number',
        'users.cpf',
        'users.verification_state',
        'users.verification_evidence_at',
        'verification_evidence.content_type',
      ])
      .where('users.verification_state', '=', 'pendente')
      .where('users.registry_number', 'is not', null)
      .where('users.cpf', 'is not', null)
      // Evidence first (someone is waiting), oldest first.
      .orderBy('users.verification_evidence_at', (ob) => ob.asc().nullsLast())
      .orderBy('users.created_at', 'asc')
      .limit(200)
      .execute();
    return rows.map((r) => ({
      userId: r.id,
      fullName: r.full_name,
      email: r.email,
      professionalRegistry: r.professional_registry,
      registryUf: r.registry_uf,
      registryNumber: r.registry_number,
      cpf: r.cpf,
      state: r.verification_state,
      evidenceContentType: r.content_type ?? null,
      requestedAt: r.verification_evidence_at?.toISOString() ?? null,
    }));
  }

  /** The evidence for the reviewer; the read itself is audited. */
  async evidence(
    staff: StaffActor,
    userId: string,
  ): Promise<{ contentType: string; body: Buffer }> {
    const cipher = this.deps.evidence;
    if (!cipher)
      throw serviceUnavailable(VerificationMessages.evidenceUnavailable, 'EVIDENCE_UNAVAILABLE');
    const row = await this.deps.db
      .selectFrom('verification_evidence')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound(VerificationMessages.noEvidence, 'NO_EVIDENCE');
    await recordStaffAccess(this.deps.db, staff, {
      service: 'auth',
      action: 'user.verification.evidence.view',
      targetType: 'user',
      targetId: userId,
    });
    this.deps.relay.kick();
    return { contentType: row.content_type, body: cipher.open(userId, row.sealed) };
  }

  async approve(staff: StaffActor, userId: string): Promise<void> {
    await this.staffDecision(staff, userId, {
      verification_state: 'verificado',
      verification_method: 'revisao-equipe',
      verification_reason: null,
    });
  }

  async refuse(staff: StaffActor, userId: string, reason: string): Promise<void> {
    const why = reason.trim();
    if (!why) throw badRequest(VerificationMessages.reasonRequired, 'REASON_REQUIRED');
    await this.staffDecision(staff, userId, {
      verification_state: 'recusado',
      verification_method: null,
      verification_reason: why,
    });
  }

  private async staffDecision(staff: StaffActor, userId: string, patch: UserPatch): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await lockedUser(trx, userId);
      if (!row) throw notFound('Usuário não encontrado.', 'USER_NOT_FOUND');
      if (row.verification_state !== 'pendente')
        throw conflict(VerificationMessages.notPending, 'VERIFICATION_NOT_PENDING');
      if (!identityComplete(row))
        throw new AppError(422, 'PROFILE_INCOMPLETE', VerificationMessages.profileIncomplete);
      const hadEvidence = row.verification_evidence_at !== null;
      await this.decide(trx, row, {
        ...decided(),
        ...patch,
        verification_decided_by: staff.actorEmail,
      });
      // Who decided, never the reason's text (it may quote the card).
      await recordStaffAccess(trx, staff, {
        service: 'auth',
        action:
          patch.verification_state === 'verificado'
            ? 'user.verification.approve'
            : 'user.verification.refuse',
        targetType: 'user',
        targetId: userId,
        details: { evidence: hadEvidence },
      });
    });
    this.deps.relay.kick();
  }

  /** Writes a decision, deletes the evidence (kept only until it is decided) and announces it. */
  private async decide(trx: AuthDb, row: UserRow, patch: UserPatch): Promise<UserRow> {
    await trx.deleteFrom('verification_evidence').where('user_id', '=', row.id).execute();
    const updated = await updateUser(trx, row.id, patch);
    if (!updated) throw unauthorized();
    await enqueueEvent(trx, 'auth.user.changed.v1', {
      change: 'updated',
      user: toChangedUser(updated),
    });
    return updated;
  }
}

/** The user's row, locked until the transaction ends (undefined when there is none). */
function lockedUser(trx: AuthDb, userId: string): Promise<UserRow | undefined> {
  return trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

async function lockUser(trx: AuthDb, userId: string): Promise<UserRow> {
  const row = await lockedUser(trx, userId);
  if (!row) throw unauthorized();
  return row;
}

/**
 * The certificate proves the profile: it chains to a trusted root, its CPF is the profile's, and
 * a council registration it carries is the profile's too (council, number, UF).
 */
function assertCertificateMatches(row: UserRow, info: CertificateInfo): void {
  if (!info.trustRoot)
    throw new AppError(422, 'CERTIFICATE_UNTRUSTED', VerificationMessages.certificateUntrusted);
  if (!info.cpf)
    throw new AppError(422, 'CERTIFICATE_NO_CPF', VerificationMessages.certificateNoCpf);
  if (!identityComplete(row))
    throw new AppError(422, 'PROFILE_INCOMPLETE', VerificationMessages.profileIncomplete);
  if (info.cpf !== row.cpf)
    throw new AppError(
      422,
      'CERTIFICATE_CPF_MISMATCH',
      VerificationMessages.certificateCpfMismatch,
    );
  if (info.registrations.length === 0) return;
  const matches = info.registrations.some(
    (r) =>
      r.council === row.professional_registry &&
      r.number === row.registry_number &&
      (r.uf === null || r.uf === row.registry_uf),
  );
  if (!matches)
    throw new AppError(
      422,
      'CERTIFICATE_REGISTRY_MISMATCH',
      VerificationMessages.certificateRegistryMismatch,
    );
}
