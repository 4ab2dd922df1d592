import type { Migration } from 'kysely';
import * as accounts from './2026_11_22_0900_accounts.js';

export const authMigrations: Record<string, Migration> = {
  '2026_11_22_0900_accounts': accounts,
};
