import type { Kysely } from 'kysely';

// Frozen in time: later changes get a new migration file.
// Issue 23: the projection learns whether auth verified the registry and CPF (every row starts
// 'pendente', as every account does in auth), and the verified CPF a signing certificate must carry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('professionals')
    .addColumn('verification_state', 'text', (c) => c.notNull().defaultTo('pendente'))
    .addColumn('verified_cpf', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('professionals')
    .dropColumn('verification_state')
    .dropColumn('verified_cpf')
    .execute();
}
