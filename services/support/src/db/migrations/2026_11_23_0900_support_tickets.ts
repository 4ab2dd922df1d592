import { type Kysely, sql } from 'kysely';

const inList = (column: string, values: string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

// Frozen in time: later changes get a new migration file (so the value lists are spelled out
// here rather than imported from the contracts, which may grow).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c
        .notNull()
        .check(
          inList('category', ['general', 'technical', 'billing', 'feature_request', 'bug_report']),
        ),
    )
    .addColumn('priority', 'text', (c) =>
      c.notNull().check(inList('priority', ['low', 'medium', 'high', 'urgent'])),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(inList('status', ['open', 'in_progress', 'resolved', 'closed'])),
    )
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text')
    .addColumn('user_id', 'uuid')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('assigned_to', 'text')
    .addColumn('resolution', 'text')
    .addColumn('resolution_notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX support_tickets_newest ON support_tickets (created_at DESC)`.execute(db);
  await sql`CREATE INDEX support_tickets_by_user ON support_tickets (user_id, created_at DESC) WHERE user_id IS NOT NULL`.execute(
    db,
  );
  // LGPD erasure also finds tickets sent anonymously with the deleted user's email.
  await sql`CREATE INDEX support_tickets_by_email ON support_tickets (lower(contact_email))`.execute(
    db,
  );
}

/** No `down`, on purpose (test: tools/stack/test/migrations.test.ts). */
export const irreversible =
  "The service's first schema: undoing it would drop all of its data. Roll back by restoring the database from its backup (docs/RELIABILITY.md), never by a down migration.";
