import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// Issue 17 with issue 14: storage used counts signed PDFs wherever they are kept. A PDF in a
// bucket has no bytes in Postgres, so its size is recorded when it is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('signed_documents').addColumn('pdf_size', 'integer').execute();
  await sql`ALTER TABLE signed_documents ADD CONSTRAINT signed_documents_size_known
    CHECK (pdf IS NOT NULL OR pdf_size IS NOT NULL) NOT VALID`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE signed_documents DROP CONSTRAINT signed_documents_size_known`.execute(db);
  await db.schema.alterTable('signed_documents').dropColumn('pdf_size').execute();
}
