import { AuditRoutes } from '@pv/contracts';
import { registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { AuditLogService } from '../audit/audit.service.js';

/** GET /api/admin/audit-log: admins only (the contract's access), paged and filtered. */
export function auditLogRoutes(app: FastifyInstance, audit: AuditLogService): void {
  registerRoute(app, AuditRoutes.auditLog, async (request) => audit.page(request.query));
}
