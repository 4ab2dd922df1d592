import { type Static, Type } from '@sinclair/typebox';
import {
  DateTimeSchema,
  IdParamsSchema,
  Nullable,
  PaginationSchema,
  pageQueryFields,
  UuidSchema,
} from './common.js';
import {
  DEFAULT_TICKETS_PER_PAGE,
  MAX_TICKETS_PER_PAGE,
  SupportMessages,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from './constants/support.js';
import { defineRoute } from './route.js';

/** Contracts of the support service: support tickets (issue 6). */

const NON_BLANK = '\\S';
const literals = <T extends string>(values: readonly T[], errorMessage: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { errorMessage },
  );

export const TicketCategorySchema = literals(TICKET_CATEGORIES, SupportMessages.invalidCategory);
export const TicketPrioritySchema = literals(TICKET_PRIORITIES, SupportMessages.invalidPriority);
export const TicketStatusSchema = literals(TICKET_STATUSES, SupportMessages.invalidStatus);

export const SupportTicketSchema = Type.Object(
  {
    id: UuidSchema,
    subject: Type.String(),
    description: Type.String(),
    category: TicketCategorySchema,
    priority: TicketPrioritySchema,
    status: TicketStatusSchema,
    contactEmail: Type.String(),
    contactName: Nullable(Type.String()),
    /** Null for a ticket sent without a session (anonymous visitor). */
    userId: Nullable(UuidSchema),
    /** The sender's address and browser, as the service saw them (shown to admins). */
    ipAddress: Nullable(Type.String()),
    userAgent: Nullable(Type.String()),
    assignedTo: Nullable(Type.String()),
    resolution: Nullable(Type.String()),
    resolutionNotes: Nullable(Type.String()),
    createdAt: DateTimeSchema,
    updatedAt: DateTimeSchema,
    /** Set when the ticket becomes resolved; cleared when it is reopened. */
    resolvedAt: Nullable(DateTimeSchema),
  },
  { title: 'SupportTicket' },
);
export type SupportTicket = Static<typeof SupportTicketSchema>;

export const CreateTicketBodySchema = Type.Object({
  contactEmail: Type.String({
    maxLength: 254,
    pattern: NON_BLANK,
    format: 'email',
    errorMessage: {
      default: SupportMessages.invalidEmail,
      pattern: SupportMessages.requiredFields,
      required: SupportMessages.requiredFields,
    },
  }),
  contactName: Type.Optional(
    Nullable(Type.String({ maxLength: 200, errorMessage: SupportMessages.contactNameTooLong })),
  ),
  subject: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: NON_BLANK,
    errorMessage: {
      default: SupportMessages.requiredFields,
      maxLength: SupportMessages.subjectTooLong,
    },
  }),
  description: Type.String({
    minLength: 1,
    maxLength: 10_000,
    pattern: NON_BLANK,
    errorMessage: {
      default: SupportMessages.requiredFields,
      maxLength: SupportMessages.descriptionTooLong,
    },
  }),
  /** The form always sends one; a client that does not gets `general`. */
  category: Type.Optional(TicketCategorySchema),
});
export type CreateTicketBody = Static<typeof CreateTicketBodySchema>;

const AllOr = <T extends string>(values: readonly T[], errorMessage: string) =>
  Type.Optional(literals([...values, 'all'] as const, errorMessage));

/** Filters of the admin list; `all` (or absent) means no filter on that field. */
export const TicketListQuerySchema = Type.Object({
  status: AllOr(TICKET_STATUSES, SupportMessages.invalidStatus),
  priority: AllOr(TICKET_PRIORITIES, SupportMessages.invalidPriority),
  category: AllOr(TICKET_CATEGORIES, SupportMessages.invalidCategory),
  /** Case-insensitive text in subject, description, contact email or contact name. */
  search: Type.Optional(
    Type.String({ maxLength: 200, errorMessage: SupportMessages.searchTooLong }),
  ),
  /** Newest tickets first, this page of `limit` tickets (the counters cover every ticket). */
  ...pageQueryFields({
    defaultLimit: DEFAULT_TICKETS_PER_PAGE,
    maxLimit: MAX_TICKETS_PER_PAGE,
    pageMessage: SupportMessages.invalidPage,
    limitMessage: SupportMessages.invalidLimit,
  }),
});
export type TicketListQuery = Static<typeof TicketListQuerySchema>;

export const TicketStatsSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  /** Tickets still waiting for a solution: status open or in_progress. */
  open: Type.Integer({ minimum: 0 }),
  /** Finished tickets: status resolved or closed. */
  resolved: Type.Integer({ minimum: 0 }),
  /** Mean of resolvedAt - createdAt in hours over tickets that have resolvedAt; 0 when none. */
  avgResolutionTime: Type.Number({ minimum: 0 }),
});
export type TicketStats = Static<typeof TicketStatsSchema>;

export const TicketListSchema = Type.Object({
  /**
   * Each ticket's description is cut to its first TICKET_DESCRIPTION_PREVIEW_CHARS characters
   * followed by '...' (the list's preview); the whole message comes from `adminTicket`,
   * which records the opening in the audit trail.
   */
  tickets: Type.Array(SupportTicketSchema),
  /** Over the tickets the filters match, like the vault's. */
  pagination: PaginationSchema,
  /** Over every ticket, whatever the filters: the counters are the queue's overview. */
  stats: TicketStatsSchema,
});
export type TicketList = Static<typeof TicketListSchema>;

export const UpdateTicketBodySchema = Type.Object({
  status: Type.Optional(TicketStatusSchema),
  priority: Type.Optional(TicketPrioritySchema),
  /** Who handles the ticket (an admin's name or email, free text); null unassigns. */
  assignedTo: Type.Optional(
    Nullable(Type.String({ maxLength: 200, errorMessage: SupportMessages.assignedToTooLong })),
  ),
  resolution: Type.Optional(
    Nullable(Type.String({ maxLength: 10_000, errorMessage: SupportMessages.resolutionTooLong })),
  ),
  resolutionNotes: Type.Optional(
    Nullable(Type.String({ maxLength: 10_000, errorMessage: SupportMessages.resolutionTooLong })),
  ),
});
export type UpdateTicketBody = Static<typeof UpdateTicketBodySchema>;

const tags = ['support'];
const adminTags = ['support', 'admin'];

/**
 * GET /api/admin/support-tickets/{userId} and PUT /api/admin/support-tickets/{ticketId}
 * share a path shape; Fastify's router needs one parameter name per position, so both
 * contracts call it `:id` (a user id for the GET, a ticket id for the PUT).
 */
export const SupportRoutes = {
  createTicket: defineRoute({
    method: 'POST',
    url: '/api/support/create-ticket',
    access: 'public',
    summary:
      'Open a support ticket (anonymous or signed in; limited per address or per user each hour)',
    tags,
    body: CreateTicketBodySchema,
    response: { 201: SupportTicketSchema },
  }),
  adminListTickets: defineRoute({
    method: 'GET',
    url: '/api/admin/support-tickets',
    access: 'admin',
    summary: 'Tickets matching the filters, newest first, with the counters of the whole queue',
    tags: adminTags,
    querystring: TicketListQuerySchema,
    response: { 200: TicketListSchema },
  }),
  adminUserTickets: defineRoute({
    method: 'GET',
    url: '/api/admin/support-tickets/:id',
    access: 'admin',
    summary: "A user's tickets, newest first (`id` is the user's id)",
    tags: adminTags,
    params: IdParamsSchema,
    response: { 200: Type.Array(SupportTicketSchema) },
  }),
  adminTicket: defineRoute({
    method: 'GET',
    url: '/api/admin/support-tickets/:id/details',
    access: 'admin',
    summary:
      'One ticket in full (`id` is the ticket id): the list carries only the first 150 characters of each description; opening one is audited',
    tags: adminTags,
    params: IdParamsSchema,
    response: { 200: SupportTicketSchema },
  }),
  adminUpdateTicket: defineRoute({
    method: 'PUT',
    url: '/api/admin/support-tickets/:id',
    access: 'admin',
    summary:
      'Change status, priority, assignee or resolution (`id` is the ticket id); resolving stamps resolvedAt',
    tags: adminTags,
    params: IdParamsSchema,
    body: UpdateTicketBodySchema,
    response: { 200: SupportTicketSchema },
  }),
} as const;
