import { BillingInternalRoutes } from '@pv/contracts';
import { principalOf, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { QuotaService } from '../quota/quota.service.js';

/** /internal/quota/*: called by the formatting and documents services, never by the gateway. */
export function quotaRoutes(app: FastifyInstance, quota: QuotaService) {
  registerRoute(app, BillingInternalRoutes.consumeQuota, async (request) =>
    quota.consume(principalOf(request), request.body),
  );
  registerRoute(app, BillingInternalRoutes.checkStorage, async (request) =>
    quota.checkStorage(principalOf(request), request.body.bytes),
  );
  registerRoute(app, BillingInternalRoutes.releaseQuota, async (request) => ({
    released: await quota.release(principalOf(request), request.body.reservationId),
  }));
}
