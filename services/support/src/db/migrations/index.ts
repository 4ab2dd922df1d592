import type { Migration } from 'kysely';
import * as tickets from './2026_11_23_0900_support_tickets.js';

export const supportMigrations: Record<string, Migration> = {
  '2026_11_23_0900_support_tickets': tickets,
};
