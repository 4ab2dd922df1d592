import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// Issue 14: signed PDFs may live in an S3-compatible store. The row keeps the metadata (owner,
// code hash, type, expiry) either way; the bytes are in `pdf` (Postgres) or at `object_key`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE signed_documents ALTER COLUMN pdf DROP NOT NULL`.execute(db);
  await db.schema.alterTable('signed_documents').addColumn('object_key', 'text').execute();
  // SHA-256 of the stored object: what comes back from the bucket is checked before it is served.
  await db.schema.alterTable('signed_documents').addColumn('pdf_sha256', 'bytea').execute();
  await sql`ALTER TABLE signed_documents ADD CONSTRAINT signed_documents_bytes_somewhere
    CHECK (pdf IS NOT NULL OR (object_key IS NOT NULL AND pdf_sha256 IS NOT NULL))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE signed_documents DROP CONSTRAINT signed_documents_bytes_somewhere`.execute(
    db,
  );
  await db.schema.alterTable('signed_documents').dropColumn('pdf_sha256').execute();
  await db.schema.alterTable('signed_documents').dropColumn('object_key').execute();
  // Rows whose bytes are in a bucket cannot go back to NOT NULL: they are removed first.
  await sql`DELETE FROM signed_documents WHERE pdf IS NULL`.execute(db);
  await sql`ALTER TABLE signed_documents ALTER COLUMN pdf SET NOT NULL`.execute(db);
}
