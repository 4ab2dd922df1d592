import {
  AUDIT_LOG_PAGE_SIZE,
  type AuditEntry,
  type AuditLogPage,
  type AuditLogQuery,
  AuditMessages,
  pageWindow,
  paginate,
} from '@pv/contracts';
import { badRequest } from '@pv/service-kit/http';
import type { AuditLogRow, AuthDb } from '../db/schema.js';
import { conformingDetails, listAuditEntries } from './audit.repository.js';

function toEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action as AuditEntry['action'],
    targetType: row.target_type as AuditEntry['targetType'],
    targetId: row.target_id,
    ipAddress: row.ip_address,
    service: row.service,
    // Entries stored before the consumer checked them are read through the same check.
    details: conformingDetails(row.details),
  };
}

/** The admin's read of the audit trail (GET /api/admin/audit-log). */
export class AuditLogService {
  constructor(private readonly db: AuthDb) {}

  async page(query: AuditLogQuery): Promise<AuditLogPage> {
    if (query.from && query.to && query.from > query.to)
      throw badRequest(AuditMessages.invalidFilter, 'AUDIT_INVALID_FILTER');
    for (const day of [query.from, query.to])
      if (day && Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
        throw badRequest(AuditMessages.invalidFilter, 'AUDIT_INVALID_FILTER');
    const { page, limit, offset } = pageWindow(query, AUDIT_LOG_PAGE_SIZE);
    const { rows, total } = await listAuditEntries(this.db, query, { offset, limit });
    return { entries: rows.map(toEntry), pagination: paginate(total, page, limit) };
  }
}
