import { AnalyticsRoutes } from '@pv/contracts';
import { staffActorOf } from '@pv/service-clients';
import { registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { MarketingMessageService } from '../marketing/marketing-message.service.js';

export function marketingMessageRoutes(app: FastifyInstance, messages: MarketingMessageService) {
  registerRoute(app, AnalyticsRoutes.listPromotions, async (request) =>
    messages.promotions(request.query.type),
  );
  const admin = AnalyticsRoutes.marketingMessages;
  registerRoute(app, admin.list, async () => messages.list());
  registerRoute(app, admin.create, async (request, reply) =>
    reply.code(201).send(await messages.create(staffActorOf(request), request.body)),
  );
  registerRoute(app, admin.update, async (request) =>
    messages.update(staffActorOf(request), request.params.id, request.body),
  );
  registerRoute(app, admin.remove, async (request) =>
    messages.remove(staffActorOf(request), request.params.id),
  );
}
