import type { Migration } from 'kysely';
import * as vault from './2026_11_23_0900_vault.js';

export const vaultMigrations: Record<string, Migration> = {
  '2026_11_23_0900_vault': vault,
};
