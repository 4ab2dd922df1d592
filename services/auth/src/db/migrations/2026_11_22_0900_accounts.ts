import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('profile_image_url', 'text')
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_premium', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('subscription_status', 'text')
    .addColumn('user_status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`user_status IN ('active','inactive','suspended')`),
    )
    .addColumn('specialty', 'text')
    .addColumn('professional_registry', 'text')
    .addColumn('registry_number', 'text')
    .addColumn('clinic_phone', 'text')
    .addColumn('clinic_address', 'text')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_created_at ON users (created_at DESC)`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The token's session id is a credential's half: kept apart from the id shown to admins.
    .addColumn('sid', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await sql`CREATE INDEX sessions_user_recent ON sessions (user_id, created_at DESC)`.execute(db);

  await db.schema
    .createTable('terms_versions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('version', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('effective_date', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one version is in force; the database holds the rule, not just the code.
  await sql`CREATE UNIQUE INDEX terms_versions_one_active ON terms_versions (is_active) WHERE is_active`.execute(
    db,
  );

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('terms_version_id', 'uuid', (c) => c.notNull().references('terms_versions.id'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await sql`CREATE INDEX terms_acceptances_user ON terms_acceptances (user_id, accepted_at DESC)`.execute(
    db,
  );
}

/** No `down`, on purpose (test: tools/stack/test/migrations.test.ts). */
export const irreversible =
  "The service's first schema: undoing it would drop all of its data. Roll back by restoring the database from its backup (docs/RELIABILITY.md), never by a down migration.";
