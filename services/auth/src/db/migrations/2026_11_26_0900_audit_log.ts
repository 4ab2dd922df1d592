import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// The audit trail of staff access (issue 15 item 8). Append-only: a trigger refuses UPDATE, DELETE
// and TRUNCATE, so not even a bug in this service can rewrite who saw what.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    // The event id: a redelivered event inserts nothing.
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'uuid', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`CREATE INDEX audit_log_newest ON audit_log (occurred_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_actor ON audit_log (actor_id, occurred_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_target ON audit_log (target_id, occurred_at DESC)`.execute(db);
  await sql`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
}
