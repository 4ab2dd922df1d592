import type { Migration } from 'kysely/migration';
import * as tickets from './2026_11_23_0900_support_tickets.js';
import * as ticketSearch from './2026_11_26_0900_ticket_search_trgm.js';

export const supportMigrations: Record<string, Migration> = {
  '2026_11_23_0900_support_tickets': tickets,
  '2026_11_26_0900_ticket_search_trgm': ticketSearch,
};
