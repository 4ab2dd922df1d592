import type { Migration } from 'kysely';

/** No tables of its own: the kit's outbox migration is applied by openRuntime. */
export const documentsMigrations: Record<string, Migration> = {};
