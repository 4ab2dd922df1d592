import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// A usage report retried by the workspace (issue 29) carries the same Idempotency-Key: the
// report's id, derived from the user and the key, is recorded in the transaction that charges it,
// so a second delivery charges nothing. Rows older than a day are dropped as reports arrive.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('speech_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX speech_reports_by_user ON speech_reports (user_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('speech_reports').execute();
}
