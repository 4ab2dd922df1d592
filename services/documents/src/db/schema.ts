/**
 * The documents service stores no clinical content: documents are built, returned and forgotten.
 * Its database holds only the kit's outbox (document.generated.v1).
 */
// biome-ignore lint/complexity/noBannedTypes: no tables of its own yet
export type DocumentsDatabase = {};
