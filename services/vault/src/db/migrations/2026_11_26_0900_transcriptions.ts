import { type Kysely, sql } from 'kysely';

// One record per transcription (issue 13 item 6). Frozen in time: later changes get a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vault_records').addColumn('transcription_id', 'uuid').execute();
  await sql`CREATE UNIQUE INDEX vault_records_by_transcription ON vault_records (transcription_id) WHERE transcription_id IS NOT NULL`.execute(
    db,
  );
  // The scrubbed parts of a dictation formatted in parts; the record holds them joined.
  await db.schema
    .createTable('vault_record_parts')
    .addColumn('transcription_id', 'uuid', (c) => c.notNull())
    .addColumn('part', 'integer', (c) => c.notNull().check(sql`part >= 1`))
    .addColumn('transcript', 'text', (c) => c.notNull())
    .addColumn('raw_transcript', 'text')
    .addPrimaryKeyConstraint('vault_record_parts_pk', ['transcription_id', 'part'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vault_record_parts').execute();
  await sql`DROP INDEX vault_records_by_transcription`.execute(db);
  await db.schema.alterTable('vault_records').dropColumn('transcription_id').execute();
}
