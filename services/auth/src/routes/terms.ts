import { AuthRoutes, Messages } from '@pv/contracts';
import { staffActorOf } from '@pv/service-clients';
import { registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { TermsService } from '../terms/terms.service.js';

export function termsRoutes(app: FastifyInstance, terms: TermsService) {
  registerRoute(app, AuthRoutes.currentTerms, async () => terms.current());
  registerRoute(app, AuthRoutes.adminListTerms, async () => terms.list());
  registerRoute(app, AuthRoutes.adminCreateTerms, async (request, reply) =>
    reply.code(201).send(await terms.create(staffActorOf(request), request.body)),
  );
  registerRoute(app, AuthRoutes.adminUpdateTerms, async (request) =>
    terms.update(staffActorOf(request), request.params.id, request.body),
  );
  registerRoute(app, AuthRoutes.adminDeleteTerms, async (request) => {
    await terms.delete(staffActorOf(request), request.params.id);
    return { message: Messages.termsDeleted };
  });
}
