import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// The admins' second factor (issue 23 item 4): one TOTP secret per admin (a pending one while
// enrolling) and ten single-use recovery codes, stored as SHA-256 hashes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_second_factors')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('totp_secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('enrolled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropTable('staff_second_factors').execute();
}
