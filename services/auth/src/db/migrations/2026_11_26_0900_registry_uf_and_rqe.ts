import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// The council's state and the specialist registration printed in every document's header.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('registry_uf', 'text', (c) => c.check(sql`registry_uf ~ '^[A-Z]{2}$'`))
    .addColumn('rqe', 'text')
    .execute();
}

/** Expand only: the columns go, with what was typed into them since. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('rqe').dropColumn('registry_uf').execute();
}
