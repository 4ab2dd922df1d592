import { VaultMessages, VaultRoutes } from '@pv/contracts';
import { registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { ConsultArchive } from '../records/consult-archive.service.js';

/**
 * The workspace's call after a successful format (public: visitors format too). It
 * creates; changing an existing record needs its secret or the owner's session (403 otherwise).
 */
export function consultRoutes(app: FastifyInstance, archive: ConsultArchive): void {
  registerRoute(app, VaultRoutes.archiveConsult, async (request, reply) => {
    const result = await archive.fromWorkspace(request.body, {
      ip: request.ip,
      userId: request.principal?.userId ?? null,
    });
    return reply.code(result.created ? 201 : 200).send({
      consult_id: result.consultId,
      message: VaultMessages.archived,
      ...(result.editSecret ? { edit_secret: result.editSecret } : {}),
    });
  });
}
