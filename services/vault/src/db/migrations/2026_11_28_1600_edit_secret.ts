import type { Kysely } from 'kysely';

// Issue 24: the public archive route only creates; a later change needs the owner's session or
// the record's secret, of which only the SHA-256 is kept. Frozen in time: later changes get a new
// file. Records archived before have none (null): only their owner's session changes them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vault_records').addColumn('edit_secret_hash', 'bytea').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vault_records').dropColumn('edit_secret_hash').execute();
}
