import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// The monthly transcription count counts speech sessions (from the first final text to
// 60 s of silence, a stop or the automatic end), not
// formatted notes; the session id the browser chooses makes a retried report count once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transcription_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX transcription_sessions_by_user ON transcription_sessions (user_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transcription_sessions').execute();
}
