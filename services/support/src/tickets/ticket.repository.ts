import {
  OPEN_TICKET_STATUSES,
  RESOLVED_TICKET_STATUSES,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@pv/contracts';
import { containsPattern } from '@pv/service-kit/runtime';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { SupportDb, SupportTicketsTable } from '../db/schema.js';

export interface TicketFilters {
  status?: TicketStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
  /** Matched case-insensitively, as plain text (no wildcards), anywhere in the fields. */
  search?: string;
}

export function insertTicket(db: SupportDb, values: Insertable<SupportTicketsTable>) {
  return db.insertInto('support_tickets').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The tickets the filters match (the text search is served by the trigram indexes). */
function filtered(db: SupportDb, filters: TicketFilters) {
  let query = db.selectFrom('support_tickets');
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.priority) query = query.where('priority', '=', filters.priority);
  if (filters.category) query = query.where('category', '=', filters.category);
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('subject', 'ilike', pattern),
        eb('description', 'ilike', pattern),
        eb('contact_email', 'ilike', pattern),
        eb('contact_name', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

/** One page of the matching tickets, newest first, and how many match in all. */
export async function findTicketsPage(
  db: SupportDb,
  filters: TicketFilters,
  page: { offset: number; limit: number },
) {
  const [rows, count] = await Promise.all([
    filtered(db, filters)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filters).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The queue's counters over every ticket; the average is in hours. */
export async function ticketStats(db: SupportDb) {
  const row = await db
    .selectFrom('support_tickets')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE status IN (${sql.join([...OPEN_TICKET_STATUSES])}))`.as(
        'open',
      ),
      sql<string>`count(*) FILTER (WHERE status IN (${sql.join([...RESOLVED_TICKET_STATUSES])}))`.as(
        'resolved',
      ),
      sql<
        number | null
      >`avg(extract(epoch FROM resolved_at - created_at)) FILTER (WHERE resolved_at IS NOT NULL) / 3600`.as(
        'avg_hours',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    open: Number(row.open),
    resolved: Number(row.resolved),
    avgResolutionHours: row.avg_hours === null ? 0 : Number(row.avg_hours),
  };
}

export function findTicketsOfUser(db: SupportDb, userId: string) {
  return db
    .selectFrom('support_tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findTicket(db: SupportDb, id: string) {
  return db.selectFrom('support_tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ticket, locked until the transaction ends (updates of one ticket are serialised). */
export function lockTicket(db: SupportDb, id: string) {
  return db
    .selectFrom('support_tickets')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** What an update does to resolvedAt; `stamp` uses the database's clock, as updatedAt does. */
export type ResolvedAtChange = 'stamp' | 'clear' | 'keep';

export function updateTicket(
  db: SupportDb,
  id: string,
  update: {
    changes: Omit<Updateable<SupportTicketsTable>, 'resolved_at' | 'updated_at'>;
    resolvedAt: ResolvedAtChange;
  },
) {
  const { changes, resolvedAt } = update;
  return db
    .updateTable('support_tickets')
    .set({
      ...changes,
      updated_at: sql`now()`,
      ...(resolvedAt === 'stamp' ? { resolved_at: sql`now()` } : {}),
      ...(resolvedAt === 'clear' ? { resolved_at: null } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * LGPD erasure: every ticket of the user, and those sent without a session from the user's
 * email. Returns how many were deleted.
 */
export async function deleteTicketsOfUser(db: SupportDb, userId: string, email: string) {
  const result = await db
    .deleteFrom('support_tickets')
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb(sql`lower(contact_email)`, '=', email.trim().toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
