import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
/**
 * Issue 24: a stream is settled by Soniox's own usage record (or, when none comes, at its
 * worst case), no longer by the browser's word. Streams the browser already ended under the
 * old rule count as settled at what they were charged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('speech_streams')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('settled_by', 'text', (c) =>
      c.check(sql`settled_by IN ('record', 'deadline', 'browser')`),
    )
    .addColumn('provider_seconds', 'integer', (c) => c.check(sql`provider_seconds >= 0`))
    // The user's month allowance when the key was minted (the settlement has no session).
    .addColumn('allowance_seconds', 'integer')
    .execute();
  await sql`UPDATE speech_streams SET settled_at = ended_at, settled_by = 'browser'
    WHERE ended_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX speech_streams_unsettled ON speech_streams (minted_at)
    WHERE settled_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS speech_streams_unsettled`.execute(db);
  await db.schema
    .alterTable('speech_streams')
    .dropColumn('settled_at')
    .dropColumn('settled_by')
    .dropColumn('provider_seconds')
    .dropColumn('allowance_seconds')
    .execute();
}
