import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
// Who the documents name: auth's professionals as auth.user.changed.v1 describes them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('professionals')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('full_name', 'text')
    .addColumn('council', 'text')
    .addColumn('registry_number', 'text')
    .addColumn('registry_uf', 'text')
    .addColumn('rqe', 'text')
    .addColumn('clinic_phone', 'text')
    .addColumn('clinic_address', 'text')
    // The occurredAt of the event the row reflects: an older event redelivered late never
    // overwrites a newer one.
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    // Set when the user was deleted: every personal column is null from then on, and the row
    // stays only so that a late, older event cannot bring the professional back.
    .addColumn('erased_at', 'timestamptz')
    .addCheckConstraint(
      'professionals_erased_holds_nothing',
      sql`erased_at IS NULL OR (full_name IS NULL AND council IS NULL AND registry_number IS NULL AND registry_uf IS NULL AND rqe IS NULL AND clinic_phone IS NULL AND clinic_address IS NULL)`,
    )
    .execute();
}

/** No `down`, on purpose (test: tools/stack/test/migrations.test.ts). */
export const irreversible =
  'Besides the projection it holds the erasure tombstones (erased_at): dropping it would let a redelivered, older event bring an erased professional back (LGPD). Roll back by restoring the database from its backup.';
