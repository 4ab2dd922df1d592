import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
/** One row per Soniox key minted: the stream it may open, and what it was charged. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('speech_streams')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('minted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('max_seconds', 'integer', (c) => c.notNull().check(sql`max_seconds > 0`))
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('charged_seconds', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`charged_seconds >= 0 AND charged_seconds <= max_seconds`),
    )
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX speech_streams_open ON speech_streams (user_id) WHERE ended_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('speech_streams').execute();
}
