import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// The console's users search is ILIKE '%...%' over the full name and the email (issue 17), which
// no b-tree can serve: one trigram GIN index per column lets Postgres answer both OR branches
// from an index (a bitmap OR) instead of reading every user, as the support queue does.
// pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  for (const column of ['full_name', 'email'])
    await sql
      .raw(`CREATE INDEX users_${column}_trgm ON users USING gin (${column} gin_trgm_ops)`)
      .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['full_name', 'email'])
    await sql.raw(`DROP INDEX IF EXISTS users_${column}_trgm`).execute(db);
}
