import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_CONFIRM_PATH,
  EMAIL_LINK_TTL_HOURS,
  type EmailConfirmResponse,
  EmailMessages,
  Messages,
} from '@pv/contracts';
import { enqueueEvent } from '@pv/service-kit/events';
import {
  AppError,
  addressKey,
  badRequest,
  conflict,
  type Principal,
  RateLimiter,
  unauthorized,
} from '@pv/service-kit/http';
import { isUniqueViolation } from '@pv/service-kit/runtime';
import type { AuthDb, UserRow } from '../db/schema.js';
import type { AuthDeps } from '../deps.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { changeNoticeMail, confirmAccountMail, confirmChangeMail } from '../mail/templates.js';
import { normalizeEmail } from '../users/email.js';
import { toChangedUser, toPrincipalFields } from '../users/user.mapper.js';
import { findUserByEmail, findUserById, updateUser } from '../users/user.repository.js';
import {
  findPendingChange,
  insertEmailLink,
  type LinkPurpose,
  lockEmailLink,
  spendEmailLinks,
} from './email-link.repository.js';

/** SHA-256 of a link's token: what the table keeps (the token itself is only in the mail). */
export const hashEmailToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface EmailVerificationOptions {
  mailer: Mailer;
  /** The workspace origin the links point to. */
  linkOrigin: string;
  sendsPerAccountHour: number;
  sendsPerIpHour: number;
  /** A mail that could not go out at sign-up (the account stays; the owner can resend). */
  onSendFailure: (error: unknown) => void;
}

/**
 * E-mail ownership (issue 23 item 1, docs/email.md): links that confirm an account's address or
 * move it to a new one. A link is 32 random bytes, kept as its SHA-256, works once and for
 * EMAIL_LINK_TTL_HOURS; asking for links is limited per account and per address (IPv6 by /64).
 */
export class EmailVerificationService {
  private readonly perAccount: RateLimiter;
  private readonly perAddress: RateLimiter;

  constructor(
    private readonly deps: AuthDeps,
    private readonly options: EmailVerificationOptions,
  ) {
    const refusal = { message: EmailMessages.tooManyResends, code: 'EMAIL_SEND_LIMITED' };
    const keyPrefix = deps.redisKeyPrefix;
    // Keyed by the user id: an account's erasure deletes `<prefix>email-links:account:<id>`
    // (users/admin-users.service.ts), the rest expire within the hour.
    this.perAccount = new RateLimiter(
      deps.redis,
      {
        ...refusal,
        name: 'email-links:account',
        points: options.sendsPerAccountHour,
        durationSeconds: 3600,
      },
      { keyPrefix },
    );
    this.perAddress = new RateLimiter(
      deps.redis,
      { ...refusal, name: 'email-links:ip', points: options.sendsPerIpHour, durationSeconds: 3600 },
      { keyPrefix },
    );
  }

  /**
   * A new account's first link, written in the sign-up's transaction; `send` mails it once the
   * transaction committed. It counts against the account's limit like a resend.
   */
  async linkForNewAccount(trx: AuthDb, user: UserRow): Promise<() => Promise<void>> {
    const link = await this.issue(trx, user.id, user.email, 'confirm');
    return async () => {
      try {
        await this.perAccount.consume(user.id);
        await this.options.mailer.send(confirmAccountMail(user.email, user.first_name, link));
      } catch (error) {
        this.options.onSendFailure(error);
      }
    };
  }

  /** Resend: a new link to the account's address (earlier ones keep working until used or expired). */
  async resend(principal: Principal, ip: string): Promise<{ message: string }> {
    const user = await findUserById(this.deps.db, principal.userId);
    if (!user) throw unauthorized();
    if (user.email_verified_at)
      throw conflict(EmailMessages.alreadyVerified, 'EMAIL_ALREADY_VERIFIED');
    await this.spendLimits(user.id, ip);
    const link = await this.issue(this.deps.db, user.id, user.email, 'confirm');
    await this.deliver(confirmAccountMail(user.email, user.first_name, link));
    return { message: EmailMessages.resent };
  }

  /**
   * A change of address: the link goes to the new one, the old one is told and stays the
   * account's until the link is used. A newer change supersedes an older one.
   */
  async change(principal: Principal, rawEmail: string, ip: string): Promise<{ message: string }> {
    const email = normalizeEmail(rawEmail);
    const user = await findUserById(this.deps.db, principal.userId);
    if (!user) throw unauthorized();
    if (email === user.email) throw badRequest(EmailMessages.changeSame, 'EMAIL_UNCHANGED');
    if (await findUserByEmail(this.deps.db, email))
      throw conflict(Messages.emailTaken, 'EMAIL_TAKEN');
    await this.spendLimits(user.id, ip);
    const link = await this.deps.db.transaction().execute(async (trx) => {
      await spendEmailLinks(trx, user.id, 'change');
      return this.issue(trx, user.id, email, 'change');
    });
    await this.deliver(confirmChangeMail(email, user.first_name, link));
    // The old address is only told: a notice that cannot go out does not undo the change asked.
    await this.deliver(changeNoticeMail(user.email, user.first_name, false)).catch(() => undefined);
    return { message: EmailMessages.changeRequested };
  }

  /** Uses a link: 400 unknown, 409 used, 410 expired; otherwise confirms or moves the address. */
  async confirm(token: string): Promise<EmailConfirmResponse> {
    const tokenHash = hashEmailToken(token);
    const moved: { from?: string } = {};
    const outcome = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const link = await lockEmailLink(trx, tokenHash);
        if (!link) throw badRequest(EmailMessages.invalid, 'EMAIL_LINK_INVALID');
        if (link.used_at) throw conflict(EmailMessages.used, 'EMAIL_LINK_USED');
        if (link.expires_at.getTime() <= Date.now())
          throw new AppError(410, 'EMAIL_LINK_EXPIRED', EmailMessages.expired);
        const user = await findUserById(trx, link.user_id);
        if (!user) throw badRequest(EmailMessages.invalid, 'EMAIL_LINK_INVALID');
        await spendEmailLinks(trx, user.id, link.purpose);
        if (link.purpose === 'confirm') {
          // A link to an address the account no longer has confirms nothing.
          if (link.email !== user.email) throw conflict(EmailMessages.used, 'EMAIL_LINK_USED');
          const row = user.email_verified_at
            ? user
            : await updateUser(trx, user.id, { email_verified_at: new Date() });
          return { row: row ?? user, outcome: 'confirmed' as const };
        }
        moved.from = user.email;
        const row = await updateUser(trx, user.id, {
          email: link.email,
          email_verified_at: new Date(),
        });
        if (!row) throw badRequest(EmailMessages.invalid, 'EMAIL_LINK_INVALID');
        // Any confirm link of the old address is spent with it.
        await spendEmailLinks(trx, user.id, 'confirm');
        await enqueueEvent(trx, 'auth.user.changed.v1', {
          change: 'updated',
          user: toChangedUser(row),
        });
        return { row, outcome: 'changed' as const };
      })
      .catch((error: unknown) => {
        // The new address was taken by a sign-up after the change was asked for.
        if (isUniqueViolation(error)) throw conflict(Messages.emailTaken, 'EMAIL_TAKEN');
        throw error;
      });
    this.deps.relay.kick();
    await this.deps.sessions.store.updateAllOf(outcome.row.id, toPrincipalFields(outcome.row));
    if (moved.from) {
      await this.deliver(changeNoticeMail(moved.from, outcome.row.first_name, true)).catch(
        () => undefined,
      );
    }
    return {
      outcome: outcome.outcome,
      message:
        outcome.outcome === 'changed' ? EmailMessages.changeConfirmed : EmailMessages.confirmed,
    };
  }

  pendingChange(userId: string): Promise<string | null> {
    return findPendingChange(this.deps.db, userId);
  }

  private async spendLimits(userId: string, ip: string): Promise<void> {
    await this.perAddress.consume(addressKey(ip));
    await this.perAccount.consume(userId);
  }

  private async issue(db: AuthDb, userId: string, email: string, purpose: LinkPurpose) {
    const token = randomBytes(32).toString('base64url');
    await insertEmailLink(db, {
      tokenHash: hashEmailToken(token),
      userId,
      email,
      purpose,
      expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_HOURS * 3600_000),
    });
    // In the fragment: browsers never send it, so no server log ever holds the token.
    return `${this.options.linkOrigin}${EMAIL_CONFIRM_PATH}#token=${token}`;
  }

  private async deliver(message: MailMessage): Promise<void> {
    try {
      await this.options.mailer.send(message);
    } catch (error) {
      this.options.onSendFailure(error);
      throw new AppError(503, 'EMAIL_UNAVAILABLE', EmailMessages.emailUnavailable);
    }
  }
}
