import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vault_records')
    .addColumn('consult_id', 'uuid', (c) => c.primaryKey())
    .addColumn('date_ym', 'char(7)', (c) =>
      c.notNull().check(sql`date_ym ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    )
    .addColumn('geo_region', 'char(2)', (c) => c.check(sql`geo_region ~ '^[A-Z]{2}$'`))
    .addColumn('timestamp_utc', 'timestamptz', (c) => c.notNull())
    .addColumn('audio_length_sec', 'double precision')
    .addColumn('professional', 'text')
    .addColumn('patient_hash', 'char(64)')
    .addColumn('professional_hash', 'char(64)')
    .addColumn('ip_hash', 'char(64)')
    .addColumn('transcript', 'text', (c) => c.notNull())
    .addColumn('raw_transcript', 'text')
    .addColumn('edited_transcript', 'text')
    .addColumn('transcript_teaser', 'text', (c) => c.notNull())
    .addColumn('content_key', 'char(64)', (c) => c.notNull())
    .addColumn('has_event', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_client', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('provisional_id', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('geo_explicit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Newest first, with and without each filter; consult_id breaks ties so pages never overlap,
  // and lets the page's ids come from an index-only scan (see record.repository.ts).
  await sql`CREATE INDEX vault_records_newest ON vault_records (timestamp_utc DESC, consult_id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX vault_records_by_month ON vault_records (date_ym, timestamp_utc DESC, consult_id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX vault_records_by_region ON vault_records (geo_region, timestamp_utc DESC, consult_id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX vault_records_by_month_region ON vault_records (date_ym, geo_region, timestamp_utc DESC, consult_id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX vault_records_by_content ON vault_records (content_key)`.execute(db);

  await db.schema
    .createTable('vault_counts')
    .addColumn('date_ym', 'char(7)', (c) => c.notNull())
    .addColumn('geo_region', 'text', (c) => c.notNull())
    .addColumn('record_count', 'bigint', (c) => c.notNull().check(sql`record_count >= 0`))
    .addPrimaryKeyConstraint('vault_counts_pk', ['date_ym', 'geo_region'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vault_counts').execute();
  await db.schema.dropTable('vault_records').execute();
}
