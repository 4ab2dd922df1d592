import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// What each user stores, per source (issue 17): the latest total formatting and documents
// reported in usage.storage.changed.v1, and the month rows' snapshot of the user's total (set
// when the row is created and at every change in that month) for the past months' views.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_bytes')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull().check(sql`bytes >= 0`))
    .addColumn('measured_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_bytes_pk', ['user_id', 'source'])
    .execute();
  await db.schema
    .alterTable('monthly_usage')
    .addColumn('storage_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monthly_usage').dropColumn('storage_bytes').execute();
  await db.schema.dropTable('stored_bytes').execute();
}
