import { REQUIRED_TICKET_FIELDS, SupportRoutes } from '@pv/contracts';
import { staffActorOf } from '@pv/service-clients';
import { registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import { requiredFieldsError, type TicketService } from '../tickets/ticket.service.js';

/** The required fields a body leaves missing or blank, in the form's order. */
function blankRequiredFields(body: unknown): string[] {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return REQUIRED_TICKET_FIELDS.filter((field) => {
    const value = fields[field];
    return value === undefined || value === null || (typeof value === 'string' && !value.trim());
  });
}

/** The public form: POST /api/support/create-ticket. */
async function publicTicketRoutes(scope: FastifyInstance, tickets: TicketService) {
  // Before schema validation, so a blank form gets the spec's one message (code REQUIRED_FIELDS)
  // rather than a per-field validation message.
  scope.addHook('preValidation', async (request) => {
    const blank = blankRequiredFields(request.body);
    if (blank.length > 0) throw requiredFieldsError(blank);
    // A pasted address often carries spaces around it; they are not part of it.
    const body = request.body as { contactEmail?: unknown };
    if (typeof body.contactEmail === 'string') body.contactEmail = body.contactEmail.trim();
  });
  registerRoute(scope, SupportRoutes.createTicket, async (request, reply) => {
    const ticket = await tickets.create(request.body, {
      principal: request.principal,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return reply.code(201).send(ticket);
  });
}

/**
 * The console's Suporte tab and the user profile's "Tickets de Suporte". Opening a ticket, a
 * user's tickets, a text search and a change are recorded in the audit trail
 * (docs/audit-trail.md); a plain list page is not.
 */
function adminTicketRoutes(app: FastifyInstance, tickets: TicketService) {
  registerRoute(app, SupportRoutes.adminListTickets, async (request) =>
    tickets.list(request.query, staffActorOf(request)),
  );
  registerRoute(app, SupportRoutes.adminUserTickets, async (request) =>
    tickets.ofUser(request.params.id, staffActorOf(request)),
  );
  registerRoute(app, SupportRoutes.adminTicket, async (request) =>
    tickets.get(request.params.id, staffActorOf(request)),
  );
  registerRoute(app, SupportRoutes.adminUpdateTicket, async (request) =>
    tickets.update(request.params.id, request.body, staffActorOf(request)),
  );
}

export async function ticketRoutes(app: FastifyInstance, tickets: TicketService) {
  await app.register(async (scope) => publicTicketRoutes(scope, tickets));
  adminTicketRoutes(app, tickets);
}
