import { AnalyticsRoutes } from '@pv/contracts';
import { registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { PageViewService } from '../page-views/page-view.service.js';

export function pageViewRoutes(app: FastifyInstance, pageViews: PageViewService) {
  registerRoute(app, AnalyticsRoutes.recordPageView, async (request, reply) => {
    // request.ip is the client's address as the gateway forwarded it (TRUST_PROXY decides
    // which hops may set X-Forwarded-For).
    await pageViews.record(request.body, {
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
      principal: request.principal,
    });
    return reply.code(202).send({ recorded: true });
  });
}
