import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
/** Issue 24: PDF text extraction counts against a monthly limit of its own for free users. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE quota_reservations DROP CONSTRAINT quota_reservations_kind_check`.execute(
    db,
  );
  await sql`ALTER TABLE quota_reservations ADD CONSTRAINT quota_reservations_kind_check
    CHECK (kind IN ('formatting', 'pdf', 'ai-request', 'extraction'))`.execute(db);
  await db.schema
    .alterTable('monthly_usage')
    .addColumn('extraction_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monthly_usage').dropColumn('extraction_count').execute();
  await sql`DELETE FROM quota_reservations WHERE kind = 'extraction'`.execute(db);
  await sql`ALTER TABLE quota_reservations DROP CONSTRAINT quota_reservations_kind_check`.execute(
    db,
  );
  await sql`ALTER TABLE quota_reservations ADD CONSTRAINT quota_reservations_kind_check
    CHECK (kind IN ('formatting', 'pdf', 'ai-request'))`.execute(db);
}
