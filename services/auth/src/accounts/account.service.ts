import {
  type ChangePasswordBody,
  type CurrentUser,
  type LoginBody,
  type LoginResponse,
  Messages,
  type ProfileBody,
  type RegisterBody,
} from '@pv/contracts';
import { enqueueEvent } from '@pv/service-kit/events';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  type Principal,
  unauthorized,
} from '@pv/service-kit/http';
import { isUniqueViolation } from '@pv/service-kit/runtime';
import type { AuthDb, UserRow } from '../db/schema.js';
import type { AuthDeps, ClientInfo } from '../deps.js';
import type { EmailVerificationService } from '../email-verification/email-verification.service.js';
import { endSessions, insertSession, touchSession } from '../sessions/session.repository.js';
import type { StaffMfaService } from '../staff-mfa/staff-mfa.service.js';
import { findActiveTerms, recordAcceptance } from '../terms/terms.repository.js';
import { normalizeEmail } from '../users/email.js';
import { cpfPatch, verificationResetFor } from '../users/identity-patch.js';
import {
  assertPasswordAcceptable,
  hashPassword,
  personalWords,
  verifyPassword,
} from '../users/passwords.js';
import { registryPatch } from '../users/registry.js';
import {
  splitFullName,
  toChangedUser,
  toCurrentUser,
  toPrincipalFields,
} from '../users/user.mapper.js';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/user.repository.js';

export interface OpenedSession {
  token: string;
  expiresAt: Date;
}

/** How long a browser stays known to an account after a sign-in there. */
const DEVICE_TOKEN_DAYS = 180;

/** Sign-up, sign-in, sign-out, the current user, password change and profile. */
export class AccountService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly mfa: StaffMfaService,
    private readonly emails: EmailVerificationService,
  ) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * Creates a session inside the caller's transaction (row, last login, login event) and returns
   * what to put in Redis once the transaction commits.
   */
  private async openSession(trx: AuthDb, user: UserRow, client: ClientInfo) {
    const ttlSeconds = this.deps.config.SESSION_TTL_HOURS * 3600;
    const issued = this.deps.sessions.tokens.issue(user.id, ttlSeconds);
    await insertSession(trx, {
      id: issued.sessionId,
      userId: user.id,
      expiresAt: issued.expiresAt,
      ...client,
    });
    const updated = (await updateUser(trx, user.id, { last_login_at: new Date() })) ?? user;
    await enqueueEvent(trx, 'auth.user.logged-in.v1', { userId: user.id, ...client });
    return { issued, user: updated };
  }

  private async activateSession(
    user: UserRow,
    issued: { sessionId: string; token: string; expiresAt: Date },
    secondFactor = false,
  ) {
    await this.deps.sessions.store.put(
      { ...toPrincipalFields(user), sessionId: issued.sessionId, secondFactor },
      issued.expiresAt,
      { idleSeconds: this.deps.config.SESSION_IDLE_TIMEOUT_SECONDS },
    );
    this.deps.relay.kick();
    return { token: issued.token, expiresAt: issued.expiresAt };
  }

  async register(
    body: RegisterBody,
    client: ClientInfo,
  ): Promise<{ user: CurrentUser; session: OpenedSession }> {
    const combined = body.fullName !== undefined;
    const email = normalizeEmail(body.email);
    let names: { firstName: string; lastName: string; fullName: string };
    if (combined) {
      names = splitFullName(body.fullName ?? '');
      if (!names.firstName) throw badRequest('Informe seu nome completo.', 'FULL_NAME_REQUIRED');
      if (!body.acceptedTermsVersion?.trim())
        throw badRequest(Messages.termsMustBeAccepted, 'TERMS_NOT_ACCEPTED');
    } else {
      const firstName = body.firstName?.trim() ?? '';
      const lastName = body.lastName?.trim() ?? '';
      if (!firstName || !lastName || !body.password) {
        throw badRequest(Messages.registerFieldsRequired, 'FIELDS_REQUIRED');
      }
      names = { firstName, lastName, fullName: `${firstName} ${lastName}` };
    }
    // Self-registration takes the same rule as the admin's forms (issue 15) and the strength
    // check (issue 23 item 5).
    assertPasswordAcceptable(
      body.password,
      personalWords({ email, names: [names.firstName, names.lastName] }),
    );

    const passwordHash = await hashPassword(body.password);
    try {
      const { issued, user, sendLink } = await this.db.transaction().execute(async (trx) => {
        const terms = combined ? await findActiveTerms(trx) : undefined;
        if (combined && !terms)
          throw new AppError(503, 'TERMS_UNAVAILABLE', Messages.termsNotLoaded);
        if (terms && terms.version !== body.acceptedTermsVersion?.trim()) {
          throw conflict(Messages.termsOutdated, 'TERMS_OUTDATED');
        }
        if (await findUserByEmail(trx, email)) throw conflict(Messages.emailTaken, 'EMAIL_TAKEN');
        const created = await insertUser(trx, {
          email,
          password_hash: passwordHash,
          first_name: names.firstName,
          last_name: names.lastName,
          full_name: names.fullName,
        });
        if (terms) {
          await recordAcceptance(trx, {
            userId: created.id,
            termsVersionId: terms.id,
            version: terms.version,
            ...client,
          });
        }
        await enqueueEvent(trx, 'auth.user.changed.v1', {
          change: 'registered',
          user: toChangedUser(created),
        });
        // Issue 23 item 1: the confirmation link, mailed once the account exists.
        const sendLink = await this.emails.linkForNewAccount(trx, created);
        return { ...(await this.openSession(trx, created, client)), sendLink };
      });
      await sendLink();
      const session = await this.activateSession(user, issued);
      return { user: toCurrentUser(user), session };
    } catch (error) {
      // Two sign-ups with the same email at once: the unique index settles it.
      if (isUniqueViolation(error)) throw conflict(Messages.emailTaken, 'EMAIL_TAKEN');
      throw error;
    }
  }

  /** A long-lived signed mark that this browser signed in to the account (issue 23 item 5). */
  deviceToken(userId: string): OpenedSession {
    const issued = this.deps.sessions.tokens.issue(userId, DEVICE_TOKEN_DAYS * 86_400);
    return { token: issued.token, expiresAt: issued.expiresAt };
  }

  async login(
    body: LoginBody,
    client: ClientInfo,
    deviceToken?: string,
  ): Promise<{ response: LoginResponse; session: OpenedSession }> {
    const email = normalizeEmail(body.email);
    const found = await findUserByEmail(this.db, email);
    // A browser the owner signed in from before skips the account-wide backoff (never the
    // per-address limits), so guessing from elsewhere cannot lock the owner out.
    const claims = deviceToken ? this.deps.sessions.tokens.verify(deviceToken) : null;
    const knownDevice = found !== undefined && claims?.sub === found.id;
    await this.deps.loginThrottle.assertAllowed(email, client.ipAddress, knownDevice);
    // Same work whether or not the email exists: no enumeration by timing.
    const valid = await verifyPassword(found?.password_hash ?? this.deps.decoyHash, body.password);
    if (!found || !valid) {
      await this.deps.loginThrottle.recordFailure(email, client.ipAddress);
      throw unauthorized(Messages.invalidCredentials, 'INVALID_CREDENTIALS');
    }
    if (found.user_status === 'suspended')
      throw forbidden(Messages.accountSuspended, 'ACCOUNT_SUSPENDED');
    if (found.user_status === 'inactive')
      throw forbidden(Messages.accountInactive, 'ACCOUNT_INACTIVE');
    // An admin's code, when offered, is checked before any session opens (a wrong one is a 401).
    const secondFactor =
      found.is_admin &&
      (await this.mfa.passesAtLogin(found.id, {
        code: body.totpCode,
        recoveryCode: body.recoveryCode,
      }));
    await this.deps.loginThrottle.recordSuccess(email, client.ipAddress);

    const { issued, user } = await this.db
      .transaction()
      .execute((trx) => this.openSession(trx, found, client));
    const session = await this.activateSession(user, issued, secondFactor);
    const response: LoginResponse = { user: toCurrentUser(user) };
    const factorState = await this.mfa.state({
      userId: user.id,
      isAdmin: user.is_admin,
      secondFactor,
    });
    if (factorState) response.secondFactor = factorState;
    if (user.must_change_password) {
      response.mustChangePassword = true;
      response.message = Messages.mustChangePassword;
    }
    return { response, session };
  }

  async logout(principal: Principal | null): Promise<void> {
    if (!principal) return;
    await this.deps.sessions.store.revoke(principal);
    await endSessions(this.db, [principal.sessionId], 'logout');
  }

  async currentUser(principal: Principal): Promise<CurrentUser> {
    const row = await findUserById(this.db, principal.userId);
    if (!row) throw unauthorized();
    // Keep login history's session duration roughly current without a write per request.
    const first = await this.deps.redis.set(
      `${this.deps.redisKeyPrefix}seen:${principal.sessionId}`,
      '1',
      'EX',
      300,
      'NX',
    );
    if (first === 'OK') await touchSession(this.db, principal.sessionId);
    return { ...toCurrentUser(row), pendingEmail: await this.emails.pendingChange(row.id) };
  }

  /**
   * Changes the password and rotates the session: every session of the user ends (others may
   * belong to whoever knew the old password, and the current token may have leaked with it) and
   * the caller gets a new one.
   */
  async changePassword(
    principal: Principal,
    body: ChangePasswordBody,
    client: ClientInfo,
  ): Promise<OpenedSession> {
    if (body.newPassword !== body.confirmPassword) {
      throw badRequest(Messages.passwordsDoNotMatch, 'PASSWORDS_DO_NOT_MATCH');
    }
    const row = await findUserById(this.db, principal.userId);
    if (!row) throw unauthorized();
    // Guessing the current password through a stolen session is throttled like a login (issue
    // 23 item 5): the same per-account-and-address backoff and per-address limit. The session's
    // browser is the account's own, so the account-wide wait does not apply.
    await this.deps.loginThrottle.assertAllowed(row.email, client.ipAddress, true);
    if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
      await this.deps.loginThrottle.recordFailure(row.email, client.ipAddress);
      throw badRequest(Messages.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
    }
    if (body.newPassword === body.currentPassword) {
      throw badRequest(Messages.newPasswordSameAsCurrent, 'PASSWORD_UNCHANGED');
    }
    assertPasswordAcceptable(
      body.newPassword,
      personalWords({ email: row.email, names: [row.first_name, row.last_name] }),
    );
    const passwordHash = await hashPassword(body.newPassword);
    const ttlSeconds = this.deps.config.SESSION_TTL_HOURS * 3600;
    const { updated, issued } = await this.db.transaction().execute(async (trx) => {
      const changed = await updateUser(trx, row.id, {
        password_hash: passwordHash,
        must_change_password: false,
      });
      if (!changed) throw unauthorized();
      const next = this.deps.sessions.tokens.issue(row.id, ttlSeconds);
      await insertSession(trx, {
        id: next.sessionId,
        userId: row.id,
        expiresAt: next.expiresAt,
        ...client,
      });
      return { updated: changed, issued: next };
    });
    const ended = await this.deps.sessions.store.revokeAllOf(row.id);
    await endSessions(this.db, ended, 'password-changed');
    // The new session keeps the second factor the caller's session had passed.
    return this.activateSession(updated, issued, principal.secondFactor === true);
  }

  async updateProfile(principal: Principal, body: ProfileBody): Promise<CurrentUser> {
    const names = splitFullName(body.fullName);
    const updated = await this.db.transaction().execute(async (trx) => {
      const current = await findUserById(trx, principal.userId);
      if (!current) throw unauthorized();
      const identity = { ...registryPatch(current, body), ...cpfPatch(body.cpf) };
      const row = await updateUser(trx, principal.userId, {
        first_name: names.firstName,
        last_name: names.lastName,
        full_name: names.fullName,
        ...identity,
        // Issue 23: a verified registry or CPF that changes is verified again.
        ...verificationResetFor(current, identity),
        ...(body.clinicAddress !== undefined
          ? { clinic_address: body.clinicAddress?.trim() || null }
          : {}),
        ...(body.clinicPhone !== undefined
          ? { clinic_phone: body.clinicPhone?.trim() || null }
          : {}),
        ...(body.specialty !== undefined ? { specialty: body.specialty } : {}),
      });
      if (!row) throw unauthorized();
      await enqueueEvent(trx, 'auth.user.changed.v1', {
        change: 'updated',
        user: toChangedUser(row),
      });
      return row;
    });
    this.deps.relay.kick();
    await this.deps.sessions.store.updateAllOf(updated.id, toPrincipalFields(updated));
    return toCurrentUser(updated);
  }
}
