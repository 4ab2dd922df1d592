import {
  VAULT_EXPORT_DEFAULT_LIMIT,
  VAULT_SESSION_CREDENTIAL,
  VaultMessages,
  VaultRoutes,
} from '@pv/contracts';
import { type StaffAccessRecorder, staffActorOf } from '@pv/service-clients';
import { AppError, badRequest, registerRoute, unauthorized } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { VaultAccess } from '../access/vault-access.js';
import { filterOf, type VaultRecords } from '../records/record.service.js';

/** The vault session cookie: httpOnly, only sent to the vault's admin paths, SameSite strict. */
export const VAULT_COOKIE = 'pv_vault';
export const VAULT_COOKIE_PATH = '/api/admin/transcript-vault';

export interface AdminRouteDeps {
  access: VaultAccess;
  records: VaultRecords;
  sessionTtlSeconds: number;
  cookieSecure: boolean;
  /** Records staff reads in the audit trail (deletes record theirs in their own transaction). */
  audit: StaffAccessRecorder;
}

const exportFileName = () => `transcript-vault-${new Date().toISOString().slice(0, 10)}.csv`;

/** Unlock with the admin key, then list, read, export and delete. */
export function adminRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  registerRoute(app, VaultRoutes.login, async (request, reply) => {
    const staff = staffActorOf(request);
    const { token, expiresAt } = await deps.access
      .unlock(staff.actorId, staff.ipAddress, request.body.adminKey)
      .catch(async (error: unknown) => {
        // A wrong key is worth an auditor's eye; a throttled attempt was never compared.
        if (error instanceof AppError && error.code === 'VAULT_KEY_INVALID')
          await deps.audit(staff, { action: 'vault.unlock-denied', targetType: 'vault' });
        throw error;
      });
    await deps.audit(staff, { action: 'vault.unlock', targetType: 'vault' });
    reply.setCookie(VAULT_COOKIE, token, {
      path: VAULT_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.cookieSecure,
      maxAge: deps.sessionTtlSeconds,
    });
    return {
      message: VaultMessages.unlocked,
      expiresAt: expiresAt.toISOString(),
      expiresInSeconds: deps.sessionTtlSeconds,
    };
  });

  // Every records route: an admin (checked first, by the contract's access) with a live vault
  // session of their own; otherwise 401 and the console locks itself again.
  void app.register(async (locked) => {
    locked.addHook('preValidation', async (request) => {
      const { actorId } = staffActorOf(request);
      const unlocked = await deps.access.isUnlocked(actorId, request.cookies[VAULT_COOKIE]);
      if (!unlocked) throw unauthorized(VAULT_SESSION_CREDENTIAL.message, 'VAULT_LOCKED');
    });

    registerRoute(locked, VaultRoutes.listRecords, async (request) => {
      const page = request.query.page ?? 1;
      const filter = filterOf(request.query);
      const result = await deps.records.list(page, filter);
      await deps.audit(staffActorOf(request), {
        action: 'vault.records.list',
        targetType: 'vault',
        details: { page, ym: filter.ym, uf: filter.uf, shown: result.records.length },
      });
      return result;
    });

    registerRoute(locked, VaultRoutes.getRecord, async (request) => {
      const record = await deps.records.get(request.params.id);
      await deps.audit(staffActorOf(request), {
        action: 'vault.record.view',
        targetType: 'vault-record',
        targetId: request.params.id,
      });
      return record;
    });

    registerRoute(locked, VaultRoutes.deleteRecord, async (request) => ({
      message: VaultMessages.recordDeleted,
      deletedCount: await deps.records.delete(staffActorOf(request), request.params.id),
    }));

    registerRoute(locked, VaultRoutes.deleteAllRecords, async (request) => {
      if (request.query.confirm !== 'true')
        throw badRequest(VaultMessages.confirmDeleteAll, 'VAULT_CONFIRM_REQUIRED');
      return {
        message: VaultMessages.allRecordsDeleted,
        deletedCount: await deps.records.deleteAll(staffActorOf(request)),
      };
    });

    registerRoute(locked, VaultRoutes.exportRecords, async (request, reply) => {
      const filter = filterOf(request.query);
      const limit = request.query.limit ?? VAULT_EXPORT_DEFAULT_LIMIT;
      // Recorded before the first byte leaves: an export cut off midway was still an export.
      await deps.audit(staffActorOf(request), {
        action: 'vault.records.export',
        targetType: 'vault',
        details: { ym: filter.ym, uf: filter.uf, limit },
      });
      const stream = deps.records.exportCsv(filter, limit);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    });
  });
}
