import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
/** AI requests (document and diagnostic LLM calls) are reserved like formattings and PDFs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE quota_reservations DROP CONSTRAINT quota_reservations_kind_check`.execute(
    db,
  );
  await sql`ALTER TABLE quota_reservations ADD CONSTRAINT quota_reservations_kind_check
    CHECK (kind IN ('formatting', 'pdf', 'ai-request'))`.execute(db);
}

/**
 * Back to formattings and PDFs only. Reservations are short-lived holds on a month's quota: the
 * AI-request ones are released (deleted) first, or the old constraint would refuse the table.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM quota_reservations WHERE kind = 'ai-request'`.execute(db);
  await sql`ALTER TABLE quota_reservations DROP CONSTRAINT quota_reservations_kind_check`.execute(
    db,
  );
  await sql`ALTER TABLE quota_reservations ADD CONSTRAINT quota_reservations_kind_check
    CHECK (kind IN ('formatting', 'pdf'))`.execute(db);
}
