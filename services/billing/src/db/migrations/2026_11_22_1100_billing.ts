import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_users')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('member_since', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  const counter = (name: string) => (t: ReturnType<typeof db.schema.createTable>) =>
    t.addColumn(name, 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql.raw(`${name} >= 0`)),
    );
  let usage = db.schema
    .createTable('monthly_usage')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull().check(sql`month BETWEEN 1 AND 12`));
  for (const name of [
    'login_count',
    'transcription_count',
    'formatting_count',
    'pdf_count',
    'ai_request_count',
    'speech_seconds',
  ])
    usage = counter(name)(usage);
  await usage
    .addColumn('ai_cost_usd', 'numeric(18, 6)', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('monthly_usage_pk', ['user_id', 'year', 'month'])
    .execute();
  await sql`CREATE INDEX monthly_usage_by_month ON monthly_usage (year, month)`.execute(db);

  await db.schema
    .createTable('quota_reservations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('formatting', 'pdf')`))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('released_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX quota_reservations_pending ON quota_reservations (user_id, kind, year, month, created_at) WHERE released_at IS NULL AND settled_at IS NULL`.execute(
    db,
  );

  await db.schema
    .createTable('stripe_customers')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('status_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX subscriptions_by_user ON subscriptions (user_id, created_at DESC)`.execute(
    db,
  );

  await db.schema
    .createTable('subscription_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('paid', 'failed')`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** No `down`, on purpose (test: tools/stack/test/migrations.test.ts). */
export const irreversible =
  "The service's first schema: undoing it would drop all of its data. Roll back by restoring the database from its backup (docs/RELIABILITY.md), never by a down migration.";
