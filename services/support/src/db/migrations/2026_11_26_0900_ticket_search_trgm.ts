import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// The queue's text search is ILIKE '%...%' over four columns, which no b-tree can serve: one
// trigram GIN index per column lets Postgres answer each OR branch from an index (a bitmap OR)
// instead of reading every ticket once the queue grows past a few thousand.
// pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  for (const column of ['subject', 'description', 'contact_email', 'contact_name'])
    await sql
      .raw(
        `CREATE INDEX support_tickets_${column}_trgm ON support_tickets USING gin (${column} gin_trgm_ops)`,
      )
      .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['subject', 'description', 'contact_email', 'contact_name'])
    await sql.raw(`DROP INDEX IF EXISTS support_tickets_${column}_trgm`).execute(db);
}
