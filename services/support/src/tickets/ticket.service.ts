import {
  type CreateTicketBody,
  DEFAULT_TICKET_CATEGORY,
  DEFAULT_TICKET_PRIORITY,
  DEFAULT_TICKETS_PER_PAGE,
  INITIAL_TICKET_STATUS,
  pageWindow,
  paginate,
  SupportErrorCodes,
  SupportMessages,
  type SupportTicket,
  TICKET_DESCRIPTION_PREVIEW_CHARS,
  type TicketList,
  type TicketListQuery,
  type TicketStatus,
  type UpdateTicketBody,
} from '@pv/contracts';
import { recordStaffAccess, type StaffActor } from '@pv/service-clients';
import { AppError, badRequest, notFound, type Principal } from '@pv/service-kit/http';
import type { SupportKysely, SupportTicketRow } from '../db/schema.js';
import {
  findTicket,
  findTicketsOfUser,
  findTicketsPage,
  insertTicket,
  lockTicket,
  type ResolvedAtChange,
  ticketStats,
  updateTicket,
} from './ticket.repository.js';
import type { TicketLimits } from './ticket-limits.js';

/** Who sent a ticket, as the service saw the request. */
export interface TicketSender {
  principal: Principal | null;
  ipAddress: string;
  userAgent: string | undefined;
}

/** Longest user agent kept: enough to tell browsers apart, not a place to store payloads. */
const MAX_USER_AGENT_CHARS = 512;

export function toTicket(row: SupportTicketRow): SupportTicket {
  return {
    id: row.id,
    subject: row.subject,
    description: row.description,
    category: row.category,
    priority: row.priority,
    status: row.status,
    contactEmail: row.contact_email,
    contactName: row.contact_name,
    userId: row.user_id,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    assignedTo: row.assigned_to,
    resolution: row.resolution,
    resolutionNotes: row.resolution_notes,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
  };
}

/**
 * resolvedAt follows the status: becoming resolved without one stamps it; reopening
 * (open or in_progress) clears it, so a later resolution is timed afresh; closing keeps it.
 */
export function resolvedAtChange(
  status: TicketStatus | undefined,
  current: Date | null,
): ResolvedAtChange {
  if (status === 'resolved') return current ? 'keep' : 'stamp';
  if (status === 'open' || status === 'in_progress') return current ? 'clear' : 'keep';
  return 'keep';
}

/**
 * A ticket as the admin list carries it: the description cut to the list's preview,
 * so the whole message (which may hold health or personal details) leaves the service only
 * through the audited detail route.
 */
export function toListedTicket(row: SupportTicketRow): SupportTicket {
  const ticket = toTicket(row);
  const max = TICKET_DESCRIPTION_PREVIEW_CHARS;
  if (ticket.description.length > max)
    ticket.description = `${ticket.description.slice(0, max)}...`;
  return ticket;
}

const UPDATABLE = ['status', 'priority', 'assignedTo', 'resolution', 'resolutionNotes'] as const;

/** Blank text is no text: an empty assignee or resolution is stored as null. */
const textOrNull = (value: string | null) => (value?.trim() ? value.trim() : null);

const AUDIT_SERVICE = 'support';

export class TicketService {
  constructor(
    private readonly db: SupportKysely,
    private readonly limits: TicketLimits,
    /** Wakes the outbox relay, so an audit entry reaches the log within a second. */
    private readonly relay: { kick(): void },
  ) {}

  async create(body: CreateTicketBody, sender: TicketSender): Promise<SupportTicket> {
    await this.limits.hit(sender.principal, sender.ipAddress);
    const row = await insertTicket(this.db, {
      subject: body.subject.trim(),
      description: body.description.trim(),
      category: body.category ?? DEFAULT_TICKET_CATEGORY,
      priority: DEFAULT_TICKET_PRIORITY,
      status: INITIAL_TICKET_STATUS,
      contact_email: body.contactEmail.trim(),
      contact_name: textOrNull(body.contactName ?? null),
      user_id: sender.principal?.userId ?? null,
      ip_address: sender.ipAddress,
      user_agent: sender.userAgent?.slice(0, MAX_USER_AGENT_CHARS) || null,
      resolved_at: null,
    });
    return toTicket(row);
  }

  /**
   * The admin list. A plain page (filters, paging) is the support team's daily work and is not
   * audited; a text search looks for someone, so it is recorded, without the text (it may be a
   * patient's name or an e-mail; the log is kept for years and cannot be erased).
   */
  async list(query: TicketListQuery, staff: StaffActor): Promise<TicketList> {
    const all = <T extends string>(value: T | 'all' | undefined) =>
      value === 'all' ? undefined : value;
    const status = all(query.status);
    const priority = all(query.priority);
    const category = all(query.category);
    const { page, limit, offset } = pageWindow(query, DEFAULT_TICKETS_PER_PAGE);
    const [found, stats] = await Promise.all([
      findTicketsPage(
        this.db,
        {
          ...(status ? { status } : {}),
          ...(priority ? { priority } : {}),
          ...(category ? { category } : {}),
          ...(query.search ? { search: query.search } : {}),
        },
        { offset, limit },
      ),
      ticketStats(this.db),
    ]);
    if (query.search?.trim()) {
      await recordStaffAccess(this.db, staff, {
        service: AUDIT_SERVICE,
        action: 'support.tickets.search',
        targetType: 'support-tickets',
        details: {
          status: status ?? null,
          priority: priority ?? null,
          category: category ?? null,
          page,
          matches: found.total,
        },
      });
      this.relay.kick();
    }
    return {
      tickets: found.rows.map(toListedTicket),
      pagination: paginate(found.total, page, limit),
      stats: {
        total: stats.total,
        open: stats.open,
        resolved: stats.resolved,
        avgResolutionTime: stats.avgResolutionHours,
      },
    };
  }

  /** A user's tickets in full (the profile's "Tickets de Suporte" tab): audited. */
  async ofUser(userId: string, staff: StaffActor): Promise<SupportTicket[]> {
    const tickets = (await findTicketsOfUser(this.db, userId)).map(toTicket);
    await this.audited(staff, 'user.tickets.view', 'user', userId, { tickets: tickets.length });
    return tickets;
  }

  /** One ticket in full (the detail dialog): audited. */
  async get(id: string, staff: StaffActor): Promise<SupportTicket> {
    const row = await findTicket(this.db, id);
    if (!row) throw notFound(SupportMessages.ticketNotFound, SupportErrorCodes.ticketNotFound);
    await this.audited(staff, 'support.ticket.view', 'support-ticket', id, {});
    return toTicket(row);
  }

  /** A read recorded just before its answer leaves; the relay is woken at once. */
  private async audited(
    staff: StaffActor,
    action: 'user.tickets.view' | 'support.ticket.view',
    targetType: 'user' | 'support-ticket',
    targetId: string,
    details: Record<string, number>,
  ): Promise<void> {
    await recordStaffAccess(this.db, staff, {
      service: AUDIT_SERVICE,
      action,
      targetType,
      targetId,
      details,
    });
    this.relay.kick();
  }

  /**
   * A change by staff, recorded in its own transaction (never one without the other): the names
   * of the fields sent, and the new status (a word of the workflow, no personal data); never the
   * assignee's or the resolution's text.
   */
  async update(id: string, body: UpdateTicketBody, staff: StaffActor): Promise<SupportTicket> {
    const fields = UPDATABLE.filter((field) => body[field] !== undefined);
    if (fields.length === 0) {
      throw badRequest(SupportMessages.nothingToUpdate, SupportErrorCodes.nothingToUpdate);
    }
    const updated = await this.db.transaction().execute(async (trx) => {
      const current = await lockTicket(trx, id);
      if (!current)
        throw notFound(SupportMessages.ticketNotFound, SupportErrorCodes.ticketNotFound);
      const row = await updateTicket(trx, id, {
        changes: {
          ...(body.status ? { status: body.status } : {}),
          ...(body.priority ? { priority: body.priority } : {}),
          ...(body.assignedTo !== undefined ? { assigned_to: textOrNull(body.assignedTo) } : {}),
          ...(body.resolution !== undefined ? { resolution: textOrNull(body.resolution) } : {}),
          ...(body.resolutionNotes !== undefined
            ? { resolution_notes: textOrNull(body.resolutionNotes) }
            : {}),
        },
        resolvedAt: resolvedAtChange(body.status, current.resolved_at),
      });
      await recordStaffAccess(trx, staff, {
        service: AUDIT_SERVICE,
        action: 'support.ticket.update',
        targetType: 'support-ticket',
        targetId: id,
        details: {
          fields: fields.join(','),
          status: body.status ?? null,
          previousStatus: body.status ? current.status : null,
        },
      });
      return toTicket(row);
    });
    this.relay.kick();
    return updated;
  }
}

/** A blank required field: 400 REQUIRED_FIELDS, one detail per blank field. */
export function requiredFieldsError(blank: string[]): AppError {
  return new AppError(
    400,
    SupportErrorCodes.requiredFields,
    SupportMessages.requiredFields,
  ).withDetails(blank.map((field) => ({ field, message: SupportMessages.requiredFields })));
}
