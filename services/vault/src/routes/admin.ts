import {
  VAULT_EXPORT_DEFAULT_LIMIT,
  VAULT_SESSION_CREDENTIAL,
  VaultMessages,
  VaultRoutes,
} from '@pv/contracts';
import { badRequest, principalOf, registerRoute, unauthorized } from '@pv/service-kit';
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
}

const exportFileName = () => `transcript-vault-${new Date().toISOString().slice(0, 10)}.csv`;

/** Spec 2 §4, §7: unlock with the admin key, then list, read, export and delete. */
export function adminRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  registerRoute(app, VaultRoutes.login, async (request, reply) => {
    const admin = principalOf(request);
    const { token, expiresAt } = await deps.access.unlock(
      admin.userId,
      request.ip,
      request.body.adminKey,
    );
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
      const admin = principalOf(request);
      const unlocked = await deps.access.isUnlocked(admin.userId, request.cookies[VAULT_COOKIE]);
      if (!unlocked) throw unauthorized(VAULT_SESSION_CREDENTIAL.message, 'VAULT_LOCKED');
    });

    registerRoute(locked, VaultRoutes.listRecords, async (request) =>
      deps.records.list(request.query.page ?? 1, filterOf(request.query)),
    );

    registerRoute(locked, VaultRoutes.getRecord, async (request) =>
      deps.records.get(request.params.id),
    );

    registerRoute(locked, VaultRoutes.deleteRecord, async (request) => ({
      message: VaultMessages.recordDeleted,
      deletedCount: await deps.records.delete(request.params.id),
    }));

    registerRoute(locked, VaultRoutes.deleteAllRecords, async (request) => {
      if (request.query.confirm !== 'true')
        throw badRequest(VaultMessages.confirmDeleteAll, 'VAULT_CONFIRM_REQUIRED');
      return {
        message: VaultMessages.allRecordsDeleted,
        deletedCount: await deps.records.deleteAll(),
      };
    });

    registerRoute(locked, VaultRoutes.exportRecords, async (request, reply) => {
      const stream = deps.records.exportCsv(
        filterOf(request.query),
        request.query.limit ?? VAULT_EXPORT_DEFAULT_LIMIT,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    });
  });
}
