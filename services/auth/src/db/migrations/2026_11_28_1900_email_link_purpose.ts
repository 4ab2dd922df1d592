import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// Issue 23 item 1: a link either confirms the account's address ('confirm') or moves the account
// to a new one ('change', `email` is the new address, the old one stays until it is used).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('email_verification_tokens')
    .addColumn('purpose', 'text', (c) =>
      c.notNull().defaultTo('confirm').check(sql`purpose IN ('confirm', 'change')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_verification_tokens').dropColumn('purpose').execute();
}
