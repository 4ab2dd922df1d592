import {
  Messages,
  type MfaEnrolment,
  MfaMessages,
  type MfaVerifyBody,
  type SecondFactorState,
} from '@pv/contracts';
import { recordStaffAccess, type StaffActor } from '@pv/service-clients';
import {
  badRequest,
  conflict,
  FailureBackoff,
  forbidden,
  newTotpSecret,
  notFound,
  type Principal,
  totpCodeMatches,
  totpUri,
  unauthorized,
} from '@pv/service-kit/http';
import type { AuthDb } from '../db/schema.js';
import type { AuthDeps } from '../deps.js';
import { findUserById } from '../users/user.repository.js';
import {
  deleteSecondFactor,
  enrolledSecret,
  findSecondFactor,
  newRecoveryCode,
  RECOVERY_CODE_COUNT,
  saveEnrolment,
  savePendingSecret,
  spendRecoveryCode,
} from './second-factor.repository.js';

/** A second factor a caller offers: a TOTP code or a recovery code. */
export interface OfferedFactor {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/**
 * The admins' second factor (issue 23 item 4). An admin's password opens a session that acts as a
 * user; the console's routes need the session to have passed TOTP (the kit's access check answers
 * 401 MFA_REQUIRED otherwise). A session passes at login (code in the body), through `verify`, or
 * by confirming the enrolment. Wrong codes back off per account (a growing wait, never a lockout).
 */
export class StaffMfaService {
  private readonly backoff: FailureBackoff;

  constructor(private readonly deps: AuthDeps) {
    this.backoff = new FailureBackoff(
      deps.redis,
      {
        name: 'mfa-backoff:user',
        message: Messages.tooManyLoginAttempts,
        code: 'MFA_THROTTLED',
        freeFailures: 5,
        baseSeconds: 30,
        maxSeconds: 900,
        memorySeconds: 86_400,
      },
      { keyPrefix: deps.redisKeyPrefix },
    );
  }

  /** Where a session stands (null for a user who is not an admin). */
  async state(principal: Pick<Principal, 'userId' | 'isAdmin' | 'secondFactor'>) {
    if (!principal.isAdmin) return null;
    if (principal.secondFactor === true) return 'verified' as const;
    return (await enrolledSecret(this.deps.db, principal.userId))
      ? ('required' as const)
      : ('enrolment-required' as const);
  }

  /**
   * Checks the factor offered with a password (login). Nothing offered: false (the session opens
   * without the console). A wrong code: 401, counted against the account's backoff.
   */
  async passesAtLogin(userId: string, offered: OfferedFactor): Promise<boolean> {
    if (!offered.code && !offered.recoveryCode) return false;
    await this.check(userId, offered);
    return true;
  }

  private async check(userId: string, offered: OfferedFactor): Promise<void> {
    await this.backoff.assertAllowed(userId);
    const stored = await enrolledSecret(this.deps.db, userId);
    if (!stored) throw unauthorized(MfaMessages.enrolmentRequired, 'MFA_ENROLMENT_REQUIRED');
    const secret = this.deps.totpSecrets.open(userId, stored);
    const ok = offered.code
      ? totpCodeMatches(secret, offered.code)
      : await spendRecoveryCode(this.deps.db, userId, offered.recoveryCode ?? '');
    if (!ok) {
      await this.backoff.recordFailure(userId);
      throw offered.code
        ? unauthorized(MfaMessages.codeInvalid, 'MFA_CODE_INVALID')
        : unauthorized(MfaMessages.recoveryCodeInvalid, 'MFA_RECOVERY_CODE_INVALID');
    }
    await this.backoff.clear(userId);
  }

  private async adminRow(principal: Principal) {
    const row = await findUserById(this.deps.db, principal.userId);
    if (!row) throw unauthorized();
    // A state of the account, not a missing right: the route itself is any user's.
    if (!row.is_admin) throw conflict(MfaMessages.notAnAdmin, 'NOT_AN_ADMIN');
    return row;
  }

  /** A new secret to scan; it becomes the factor only once a code from it is confirmed. */
  async startEnrolment(principal: Principal): Promise<MfaEnrolment> {
    const row = await this.adminRow(principal);
    if (await enrolledSecret(this.deps.db, row.id))
      throw conflict(MfaMessages.alreadyEnrolled, 'MFA_ALREADY_ENROLLED');
    const secret = newTotpSecret();
    await savePendingSecret(this.deps.db, row.id, this.deps.totpSecrets.seal(row.id, secret));
    return { secret, otpauthUrl: totpUri(secret, row.email) };
  }

  /** Confirms the pending secret; answers the recovery codes once and unlocks this session. */
  async confirmEnrolment(principal: Principal, code: string): Promise<string[]> {
    const row = await this.adminRow(principal);
    await this.backoff.assertAllowed(row.id);
    const found = await findSecondFactor(this.deps.db, row.id);
    if (found?.totp_secret) throw conflict(MfaMessages.alreadyEnrolled, 'MFA_ALREADY_ENROLLED');
    if (!found?.pending_secret)
      throw badRequest(MfaMessages.enrolmentNotStarted, 'MFA_ENROLMENT_NOT_STARTED');
    const pending = this.deps.totpSecrets.open(row.id, found.pending_secret);
    if (!totpCodeMatches(pending, code)) {
      await this.backoff.recordFailure(row.id);
      throw badRequest(MfaMessages.codeInvalid, 'MFA_CODE_INVALID');
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    // Sealed again (a fresh nonce): the stored pending value becomes the enrolled one.
    const sealed = this.deps.totpSecrets.seal(row.id, pending);
    await this.deps.db
      .transaction()
      .execute((trx: AuthDb) => saveEnrolment(trx, { userId: row.id, secret: sealed, codes }));
    await this.unlock(principal);
    return codes;
  }

  /** Unlocks the console for this session with a TOTP or recovery code. */
  async verify(principal: Principal, body: MfaVerifyBody): Promise<SecondFactorState> {
    await this.adminRow(principal);
    if (!body.code && !body.recoveryCode)
      throw badRequest(MfaMessages.mfaRequired, 'MFA_CODE_MISSING');
    await this.check(principal.userId, { code: body.code, recoveryCode: body.recoveryCode });
    await this.unlock(principal);
    return 'verified';
  }

  private async unlock(principal: Principal) {
    await this.deps.sessions.store.update(principal.userId, principal.sessionId, {
      secondFactor: true,
    });
  }

  /**
   * Another admin clears a lost factor (audited): the target enrols again at next sign-in, and
   * none of its sessions keeps the console meanwhile.
   */
  async reset(staff: StaffActor, targetId: string): Promise<void> {
    if (targetId === staff.actorId) throw forbidden(MfaMessages.cannotResetOwn, 'MFA_RESET_OWN');
    await this.deps.db.transaction().execute(async (trx) => {
      const target = await findUserById(trx, targetId);
      if (!target) throw notFound(Messages.userNotFound, 'USER_NOT_FOUND');
      if (!target.is_admin) throw badRequest(MfaMessages.targetNotAdmin, 'NOT_AN_ADMIN');
      await deleteSecondFactor(trx, targetId);
      await recordStaffAccess(trx, staff, {
        service: 'auth',
        action: 'user.mfa.reset',
        targetType: 'user',
        targetId,
      });
    });
    this.deps.relay.kick();
    await this.deps.sessions.store.updateAllOf(targetId, { secondFactor: false });
    await this.backoff.clear(targetId);
  }
}
