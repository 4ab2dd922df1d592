import {
  type AdminCreateUserBody,
  type AdminUpdateUserBody,
  AdminUpdateUserBodySchema,
  type AdminUser,
  type AdminUserList,
  type AdminUserListQuery,
  DEFAULT_USERS_PER_PAGE,
  Messages,
  pageWindow,
  paginate,
  type ResetPasswordBody,
} from '@pv/contracts';
import { recordStaffAccess, type StaffAccess, type StaffActor } from '@pv/service-clients';
import { enqueueEvent, eraseOutboxOf } from '@pv/service-kit/events';
import { badRequest, conflict, forbidden, notFound } from '@pv/service-kit/http';
import { isUniqueViolation } from '@pv/service-kit/runtime';
import type { UserPatch, UserRow } from '../db/schema.js';
import type { AuthDeps } from '../deps.js';
import { endSessions, listLoginHistory } from '../sessions/session.repository.js';
import { normalizeEmail } from './email.js';
import { verificationResetFor } from './identity-patch.js';
import {
  assertPasswordAcceptable,
  hashPassword,
  personalWords,
  temporaryPassword,
} from './passwords.js';
import { registryPatch } from './registry.js';
import { splitFullName, toAdminUser, toChangedUser, toPrincipalFields } from './user.mapper.js';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  findUsersPage,
  findUserWithAcceptance,
  insertUser,
  updateUser,
} from './user.repository.js';

/** What auth records of staff access (issue 15 item 8): the target is always a user. */
const onUser = (
  action: StaffAccess['action'],
  targetId: string,
  details?: StaffAccess['details'],
) =>
  ({
    service: 'auth',
    action,
    targetType: 'user',
    targetId,
    ...(details ? { details } : {}),
  }) as const;

/** The fields an admin edit can name in its audit entry (the contract's, nothing the body adds). */
const EDITABLE_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(AdminUpdateUserBodySchema.properties),
);

const blankToNull = (value: string | null | undefined) =>
  value == null ? value : value.trim() || null;

/** The console's user management (the 'Usuários' tab). */
export class AdminUsersService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * One page of the users list, searched by name or email (issue 17). Each
   * row is a whole profile (contacts, the address terms were accepted from), so the read is
   * audited like a profile view: one entry per user shown, naming them, in one transaction; a
   * search that found nobody is one entry on the list. The search text is never recorded.
   */
  async list(query: AdminUserListQuery, staff: StaffActor): Promise<AdminUserList> {
    const { page, limit, offset } = pageWindow(query, DEFAULT_USERS_PER_PAGE);
    const sort = query.sort ?? 'createdAt';
    const { rows, total } = await findUsersPage(
      this.deps.db,
      {
        ...(query.q ? { q: query.q } : {}),
        sort,
        // Newest first by default; a column chosen without an order reads A to Z.
        order: query.order ?? (sort === 'createdAt' ? 'desc' : 'asc'),
      },
      { offset, limit },
    );
    await this.recordListed(staff, query, rows, { page, total, sort });
    return { users: rows.map(toAdminUser), pagination: paginate(total, page, limit) };
  }

  private async recordListed(
    staff: StaffActor,
    query: AdminUserListQuery,
    rows: readonly { id: string }[],
    seen: { page: number; total: number; sort: string },
  ): Promise<void> {
    const searched = Boolean(query.q?.trim());
    if (rows.length === 0 && !searched) return;
    const action = searched ? 'users.search' : 'users.list';
    const details = {
      page: seen.page,
      sort: seen.sort,
      shown: rows.length,
      matches: seen.total,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      if (rows.length === 0)
        await recordStaffAccess(trx, staff, {
          service: 'auth',
          action,
          targetType: 'users',
          details,
        });
      for (const row of rows) await recordStaffAccess(trx, staff, onUser(action, row.id, details));
    });
    this.deps.relay.kick();
  }

  /** One user in full, as the console's profile view shows it; the view is audited. */
  async profile(id: string, staff?: StaffActor): Promise<AdminUser> {
    const row = await findUserWithAcceptance(this.deps.db, id);
    if (!row) throw notFound(Messages.userNotFound, 'USER_NOT_FOUND');
    if (staff) {
      await recordStaffAccess(this.deps.db, staff, onUser('user.profile.view', id));
      this.deps.relay.kick();
    }
    return toAdminUser(row);
  }

  async create(
    staff: StaffActor,
    body: AdminCreateUserBody,
  ): Promise<{ user: AdminUser; temporaryPassword?: string }> {
    const email = normalizeEmail(body.email);
    const generated = body.password ? undefined : temporaryPassword();
    const names = splitFullName(body.fullName);
    if (body.password) {
      assertPasswordAcceptable(
        body.password,
        personalWords({ email, names: [names.firstName, names.lastName] }),
      );
    }
    const passwordHash = await hashPassword(body.password ?? generated!);
    try {
      const created = await this.deps.db.transaction().execute(async (trx) => {
        if (await findUserByEmail(trx, email)) throw conflict(Messages.emailTaken, 'EMAIL_TAKEN');
        const row = await insertUser(trx, {
          email,
          password_hash: passwordHash,
          first_name: names.firstName,
          last_name: names.lastName,
          full_name: names.fullName,
          is_admin: body.isAdmin ?? false,
          is_premium: body.isPremium ?? false,
          user_status: body.userStatus ?? 'active',
          specialty: body.specialty ?? null,
          ...registryPatch(undefined, body),
          clinic_phone: blankToNull(body.clinicPhone) ?? null,
          clinic_address: blankToNull(body.clinicAddress) ?? null,
          // The admin knows this password: the user sets their own at the first login.
          must_change_password: true,
        });
        await enqueueEvent(trx, 'auth.user.changed.v1', {
          change: 'registered',
          user: toChangedUser(row),
        });
        await recordStaffAccess(
          trx,
          staff,
          onUser('user.create', row.id, { isAdmin: row.is_admin, isPremium: row.is_premium }),
        );
        return row;
      });
      this.deps.relay.kick();
      return {
        user: await this.profile(created.id),
        ...(generated ? { temporaryPassword: generated } : {}),
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(Messages.emailTaken, 'EMAIL_TAKEN');
      throw error;
    }
  }

  async update(staff: StaffActor, id: string, body: AdminUpdateUserBody): Promise<AdminUser> {
    if (id === staff.actorId && body.isAdmin === false) {
      throw badRequest(Messages.cannotDemoteYourself, 'CANNOT_DEMOTE_SELF');
    }
    if (id === staff.actorId && body.userStatus && body.userStatus !== 'active') {
      throw badRequest(Messages.cannotChangeOwnStatus, 'CANNOT_CHANGE_OWN_STATUS');
    }
    const patch: UserPatch = {};
    if (body.fullName !== undefined) {
      const names = splitFullName(body.fullName);
      Object.assign(patch, {
        first_name: names.firstName,
        last_name: names.lastName,
        full_name: names.fullName,
      });
    }
    if (body.email !== undefined) patch.email = normalizeEmail(body.email);
    if (body.isAdmin !== undefined) patch.is_admin = body.isAdmin;
    if (body.isPremium !== undefined) patch.is_premium = body.isPremium;
    if (body.userStatus !== undefined) patch.user_status = body.userStatus;
    if (body.specialty !== undefined) patch.specialty = body.specialty;
    if (body.clinicPhone !== undefined) patch.clinic_phone = blankToNull(body.clinicPhone);
    if (body.clinicAddress !== undefined) patch.clinic_address = blankToNull(body.clinicAddress);

    let updated: UserRow;
    try {
      updated = await this.deps.db.transaction().execute(async (trx) => {
        if (patch.email) {
          const holder = await findUserByEmail(trx, patch.email);
          if (holder && holder.id !== id) throw conflict(Messages.emailTaken, 'EMAIL_TAKEN');
        }
        const before = await findUserById(trx, id);
        if (!before) throw notFound(Messages.userNotFound, 'USER_NOT_FOUND');
        const registry = registryPatch(before, body);
        // Issue 23: an admin edit of a verified registry sends it back to review too.
        const row = await updateUser(trx, id, {
          ...patch,
          ...registry,
          ...verificationResetFor(before, registry),
          // Issue 23 item 1: nobody confirmed an address staff typed in; its owner confirms it.
          ...(patch.email && patch.email !== before.email ? { email_verified_at: null } : {}),
        });
        if (!row) throw notFound(Messages.userNotFound, 'USER_NOT_FOUND');
        await enqueueEvent(trx, 'auth.user.changed.v1', {
          change: 'updated',
          user: toChangedUser(row),
        });
        // Field names only: what changed, never the values (an e-mail, an address). Only the
        // contract's own names: a body may carry other keys, and the log must not take them in.
        const changed = Object.keys(body)
          .filter((key) => EDITABLE_FIELDS.has(key))
          .sort()
          .join(',');
        await recordStaffAccess(trx, staff, onUser('user.update', id, { fields: changed }));
        if (before.is_premium !== row.is_premium)
          await recordStaffAccess(
            trx,
            staff,
            onUser(row.is_premium ? 'user.premium.grant' : 'user.premium.revoke', id),
          );
        // Who gave whom the console (and with it every audited read) is its own entry.
        if (before.is_admin !== row.is_admin)
          await recordStaffAccess(
            trx,
            staff,
            onUser(row.is_admin ? 'user.admin.grant' : 'user.admin.revoke', id),
          );
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(Messages.emailTaken, 'EMAIL_TAKEN');
      throw error;
    }
    this.deps.relay.kick();
    await this.applyToSessions(updated);
    return this.profile(id);
  }

  /** A user who is no longer active loses every session at once; otherwise sessions see the change. */
  private async applyToSessions(row: UserRow): Promise<void> {
    if (row.user_status !== 'active') {
      const ended = await this.deps.sessions.store.revokeAllOf(row.id);
      await endSessions(this.deps.db, ended, `status-${row.user_status}`);
    } else {
      await this.deps.sessions.store.updateAllOf(row.id, toPrincipalFields(row));
    }
  }

  async delete(staff: StaffActor, id: string): Promise<void> {
    const deleted = await this.deps.db.transaction().execute(async (trx) => {
      const row = await findUserById(trx, id);
      if (!row) throw notFound(Messages.userNotFound, 'USER_NOT_FOUND');
      if (row.is_admin) throw forbidden(Messages.adminCannotBeDeleted, 'ADMIN_NOT_DELETABLE');
      await deleteUser(trx, id);
      // Events about the user not yet published (a login, an update) go with them (LGPD erasure).
      await eraseOutboxOf(trx, { userId: id, email: row.email });
      await enqueueEvent(trx, 'auth.user.changed.v1', {
        change: 'deleted',
        user: toChangedUser(row),
      });
      // After the outbox erasure: the deletion's own trace must survive it (docs/audit-trail.md).
      await recordStaffAccess(trx, staff, onUser('user.delete', id));
      return row;
    });
    this.deps.relay.kick();
    await this.deps.sessions.store.revokeAllOf(id);
    // Failed-login counters are keyed by e-mail: they go too rather than wait for their window.
    await this.deps.loginThrottle.clearAccount(deleted.email);
    // So is the confirmation mails' limit, keyed by the user id (email-verification.service.ts).
    await this.deps.redis.del(`${this.deps.redisKeyPrefix}email-links:account:${id}`);
  }

  async resetPassword(staff: StaffActor, body: ResetPasswordBody): Promise<void> {
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.newPassword) {
      throw badRequest(Messages.passwordsDoNotMatch, 'PASSWORDS_DO_NOT_MATCH');
    }
    assertPasswordAcceptable(body.newPassword);
    const passwordHash = await hashPassword(body.newPassword);
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const updated = await updateUser(trx, body.userId, {
        password_hash: passwordHash,
        must_change_password: body.forcePasswordChange ?? true,
      });
      if (!updated) throw notFound(Messages.userNotFound, 'USER_NOT_FOUND');
      await recordStaffAccess(
        trx,
        staff,
        onUser('user.password.reset', updated.id, {
          forcePasswordChange: body.forcePasswordChange ?? true,
        }),
      );
      return updated;
    });
    this.deps.relay.kick();
    const ended = await this.deps.sessions.store.revokeAllOf(row.id);
    await endSessions(this.deps.db, ended, 'password-reset');
  }

  async loginHistory(staff: StaffActor, userId: string, limit: number) {
    if (!(await findUserById(this.deps.db, userId)))
      throw notFound(Messages.userNotFound, 'USER_NOT_FOUND');
    await recordStaffAccess(this.deps.db, staff, onUser('user.login-history.view', userId));
    this.deps.relay.kick();
    const rows = await listLoginHistory(this.deps.db, userId, limit);
    return rows.map((r) => {
      const end =
        r.ended_at ?? new Date(Math.min(r.last_seen_at.getTime(), r.expires_at.getTime()));
      return {
        id: r.id,
        loginDate: r.created_at.toISOString(),
        ipAddress: r.ip_address,
        userAgent: r.user_agent,
        sessionDuration: Math.max(0, Math.round((end.getTime() - r.created_at.getTime()) / 1000)),
      };
    });
  }
}
