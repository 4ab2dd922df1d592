import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// Premium the user cancelled keeps running until the paid period ends (Stripe's
// cancel_at_period_end); the flag is what Minha Área shows ("Premium até dd/mm/aaaa").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE subscriptions ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE subscriptions DROP COLUMN cancel_at_period_end`.execute(db);
}
