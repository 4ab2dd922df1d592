import { type Static, Type } from '@sinclair/typebox';
import { DateTimeSchema, Nullable, PaginationSchema, pageQueryFields } from './common.js';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_LOG_MAX_PAGE_SIZE,
  AUDIT_LOG_PAGE_SIZE,
  AUDIT_TARGET_TYPES,
  AuditMessages,
} from './constants/audit.js';
import { defineRoute } from './route.js';

/**
 * Contracts of the audit trail (issue 15 item 8). Every service that lets staff read or change
 * sensitive data publishes `audit.access.recorded.v1` from its outbox, in the transaction of the
 * action; auth keeps the append-only log and serves it to admins.
 */
export const AuditActionSchema = Type.Union(AUDIT_ACTION_NAMES.map((name) => Type.Literal(name)));
export const AuditTargetTypeSchema = Type.Union(AUDIT_TARGET_TYPES.map((t) => Type.Literal(t)));

/** Small, flat facts about the action (a filter, a count); never clinical text. */
export const AuditDetailsSchema = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean(), Type.Null()]),
  { maxProperties: 12 },
);

export const AuditRecordedPayloadSchema = Type.Object({
  actorId: Type.String({ format: 'uuid' }),
  actorEmail: Type.String(),
  action: AuditActionSchema,
  targetType: AuditTargetTypeSchema,
  /** The record or user acted on; null for actions on the whole vault or month. */
  targetId: Nullable(Type.String({ maxLength: 64 })),
  ipAddress: Type.String(),
  /** Which service recorded it (the reader's question "where did this happen?"). */
  service: Type.String(),
  details: AuditDetailsSchema,
});
export type AuditRecordedPayload = Static<typeof AuditRecordedPayloadSchema>;

export const AuditEntrySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    occurredAt: DateTimeSchema,
    ...AuditRecordedPayloadSchema.properties,
  },
  { title: 'AuditEntry' },
);
export type AuditEntry = Static<typeof AuditEntrySchema>;

const dateFilter = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  errorMessage: AuditMessages.invalidFilter,
});
const idFilter = Type.String({
  minLength: 1,
  maxLength: 254,
  errorMessage: AuditMessages.invalidFilter,
});

export const AuditLogQuerySchema = Type.Object({
  ...pageQueryFields({
    defaultLimit: AUDIT_LOG_PAGE_SIZE,
    maxLimit: AUDIT_LOG_MAX_PAGE_SIZE,
    pageMessage: AuditMessages.invalidPage,
    limitMessage: AuditMessages.invalidPage,
  }),
  action: Type.Optional(
    Type.Union(
      AUDIT_ACTION_NAMES.map((name) => Type.Literal(name)),
      { errorMessage: AuditMessages.invalidFilter },
    ),
  ),
  /** The staff member: id or e-mail. */
  actor: Type.Optional(idFilter),
  /** The record or user acted on. */
  targetId: Type.Optional(idFilter),
  /** Inclusive days, America/Sao_Paulo is not assumed: UTC dates. */
  from: Type.Optional(dateFilter),
  to: Type.Optional(dateFilter),
});
export type AuditLogQuery = Static<typeof AuditLogQuerySchema>;

export const AuditLogPageSchema = Type.Object({
  entries: Type.Array(AuditEntrySchema),
  pagination: PaginationSchema,
});
export type AuditLogPage = Static<typeof AuditLogPageSchema>;

export const AuditRoutes = {
  auditLog: defineRoute({
    method: 'GET',
    url: '/api/admin/audit-log',
    access: 'admin',
    summary:
      'Staff access to sensitive data, newest first, filtered by action, actor, target and dates',
    tags: ['auth', 'admin'],
    querystring: AuditLogQuerySchema,
    response: { 200: AuditLogPageSchema },
  }),
} as const;
