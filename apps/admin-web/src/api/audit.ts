import type { AuditLogPage, AuditLogQuery } from '@pv/contracts';
import { api } from './base';

/** The audit trail of staff access (auth's GET /api/admin/audit-log). */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<AuditLogPage, AuditLogQuery>({
      query: (params) => ({ url: '/api/admin/audit-log', params }),
      // Never cached for long: the log is what happened up to now.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useAuditLogQuery } = auditApi;
