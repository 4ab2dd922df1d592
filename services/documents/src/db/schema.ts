import type { KitTables } from '@pv/service-kit';
import type { Kysely, Selectable, Transaction } from 'kysely';

/**
 * The professionals as auth.user.changed.v1 describes them: the identity printed in every
 * document's header (auth owns it; this is a projection). An erased row keeps only its id.
 */
export interface ProfessionalsTable {
  user_id: string;
  full_name: string | null;
  council: string | null;
  registry_number: string | null;
  registry_uf: string | null;
  rqe: string | null;
  clinic_phone: string | null;
  clinic_address: string | null;
  changed_at: Date;
  erased_at: Date | null;
}

/**
 * The documents service stores no clinical content: documents are built, returned and forgotten.
 * Its database holds the kit's outbox (document.generated.v1) and the professionals' projection.
 */
export interface DocumentsDatabase {
  professionals: ProfessionalsTable;
}

export type ProfessionalRow = Selectable<ProfessionalsTable>;

/** The documents database: its tables plus the kit's outbox and processed-events tables. */
export type DocumentsKysely = Kysely<DocumentsDatabase & KitTables>;
/** What repositories take first: the database or a transaction. */
export type DocumentsDb = DocumentsKysely | Transaction<DocumentsDatabase & KitTables>;
