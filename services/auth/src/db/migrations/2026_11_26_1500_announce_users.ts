import { type Kysely, sql } from 'kysely';

// Frozen in time. Every account is announced once as it stands, through the outbox, so each
// consumer's projection of auth.user.changed.v1 starts complete: documents prints the council,
// number, UF and RQE from its projection, and accounts whose last event predates those fields
// (or predates the projection) would otherwise print a blank registry line until they saved
// Perfil again. Consumers keep the newest snapshot, so announcing what they already have is
// harmless (docs/decisions.md). The JSON is the shape of toChangedUser (user.mapper.ts) on this
// date; a test compares the two.
export async function up(db: Kysely<unknown>): Promise<void> {
  const iso = (column: string) =>
    sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  await sql`
    INSERT INTO outbox_events (id, subject, payload, occurred_at, published_at)
    SELECT gen_random_uuid(), 'auth.user.changed.v1',
      jsonb_build_object('change', 'updated', 'user', jsonb_build_object(
        'id', id, 'firstName', first_name, 'lastName', last_name, 'fullName', full_name,
        'email', email, 'isAdmin', is_admin,
        'isPremium', is_premium OR subscription_status IS NOT DISTINCT FROM 'active',
        'userStatus', user_status, 'specialty', specialty,
        'createdAt', ${iso('created_at')}, 'lastLoginAt', ${iso('last_login_at')},
        'professionalRegistry', professional_registry, 'registryNumber', registry_number,
        'registryUf', registry_uf, 'rqe', rqe,
        'clinicPhone', clinic_phone, 'clinicAddress', clinic_address)),
      now(), NULL
    FROM users`.execute(db);
}

/** No `down`, on purpose (test: tools/stack/test/migrations.test.ts). */
export const irreversible =
  'It announces existing rows as events through the outbox; once relayed, consumers have them and an event cannot be recalled. Undoing it is a no-op by nature, so it has no down.';
