import type { Migration } from 'kysely';
import * as billing from './2026_11_22_1100_billing.js';

export const billingMigrations: Record<string, Migration> = {
  '2026_11_22_1100_billing': billing,
};
