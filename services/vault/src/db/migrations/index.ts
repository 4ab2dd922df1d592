import type { Migration } from 'kysely/migration';
import * as vault from './2026_11_23_0900_vault.js';
import * as transcriptions from './2026_11_26_0900_transcriptions.js';
import * as editSecret from './2026_11_28_1600_edit_secret.js';

export const vaultMigrations: Record<string, Migration> = {
  '2026_11_23_0900_vault': vault,
  '2026_11_26_0900_transcriptions': transcriptions,
  '2026_11_28_1600_edit_secret': editSecret,
};
