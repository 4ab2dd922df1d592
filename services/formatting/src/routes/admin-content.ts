import type { FormattingRoutes } from '@pv/contracts';
import { staffActorOf } from '@pv/service-clients';
import { registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { AdminContentService } from '../content/admin-content.service.js';

type CrudRoutes = (typeof FormattingRoutes)[
  | 'professionalTemplates'
  | 'medicalTerms'
  | 'systemInstructions'
  | 'aiTemplates'];

/** The four routes of one admin content list, from its contracts. */
export function adminContentRoutes<Item, Create, Update>(
  app: FastifyInstance,
  routes: CrudRoutes,
  service: AdminContentService<Item, Create, Update>,
) {
  registerRoute(app, routes.list, async () => service.list() as never);
  registerRoute(app, routes.create, async (request, reply) =>
    reply.code(201).send(await service.create(staffActorOf(request), request.body as Create)),
  );
  registerRoute(
    app,
    routes.update,
    async (request) =>
      service.update(staffActorOf(request), request.params.id, request.body as Update) as never,
  );
  registerRoute(app, routes.remove, async (request) => ({
    message: await service.remove(staffActorOf(request), request.params.id),
  }));
}
