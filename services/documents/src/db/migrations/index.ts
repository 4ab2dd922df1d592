import type { Migration } from 'kysely';
import * as signing from './2026_11_26_0900_signing.js';

/** The kit's outbox migration is applied by openRuntime; these are the service's own. */
export const documentsMigrations: Record<string, Migration> = {
  '2026_11_26_0900_signing': signing,
};
