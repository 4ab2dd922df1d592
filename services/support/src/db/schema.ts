import type { TicketCategory, TicketPriority, TicketStatus } from '@pv/contracts';
import type { KitTables } from '@pv/service-kit/events';
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';

/** One support ticket. Personal fields are erased with the user (LGPD). */
export interface SupportTicketsTable {
  id: Generated<string>;
  subject: string;
  description: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  contact_email: string;
  contact_name: string | null;
  /** Null for a ticket sent without a session. */
  user_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  assigned_to: string | null;
  resolution: string | null;
  resolution_notes: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  resolved_at: Date | null;
}

export interface SupportDatabase {
  support_tickets: SupportTicketsTable;
}

export type SupportTicketRow = Selectable<SupportTicketsTable>;

/** The support database handle itself (transactions start here): our tables plus the kit's outbox. */
export type SupportKysely = Kysely<SupportDatabase & KitTables>;
/** What repositories take first: the database or a transaction. */
export type SupportDb = SupportKysely | Transaction<SupportDatabase & KitTables>;
