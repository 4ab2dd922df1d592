import type { KitTables } from '@pv/service-kit';
import type { Kysely } from 'kysely';

/**
 * The documents service stores no clinical content: documents are built, returned and forgotten.
 * Its database holds only the kit's outbox (document.generated.v1).
 */
// biome-ignore lint/complexity/noBannedTypes: no tables of its own yet
export type DocumentsDatabase = {};

/** The documents database: the kit's outbox and processed-events tables only. */
export type DocumentsKysely = Kysely<DocumentsDatabase & KitTables>;
