import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One A1 certificate per user, encrypted (envelope: see src/signing/envelope.ts).
  await db.schema
    .createTable('signing_certificates')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'bytea', (c) => c.notNull())
    .addColumn('nonce', 'bytea', (c) => c.notNull())
    .addColumn('ciphertext', 'bytea', (c) => c.notNull())
    // What the certificate says (public data of a certificate, no secret): GET answers it.
    .addColumn('info', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Signed documents, kept for the ITI validator and the patient (retention: expires_at).
  await db.schema
    .createTable('signed_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'bytea', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('pdf', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX signed_documents_expiry ON signed_documents (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signed_documents').execute();
  await db.schema.dropTable('signing_certificates').execute();
}
