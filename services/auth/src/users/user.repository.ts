import { sql } from 'kysely';
import type { AuthDb, NewUser, UserPatch, UserRow } from '../db/schema.js';

export async function findUserById(db: AuthDb, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: AuthDb, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The columns a new account must have; every other column starts empty or at its default. */
export type NewAccount = Pick<
  NewUser,
  'email' | 'password_hash' | 'first_name' | 'last_name' | 'full_name'
> &
  Partial<NewUser>;

export async function insertUser(db: AuthDb, user: NewAccount): Promise<UserRow> {
  const row: NewUser = {
    profile_image_url: null,
    subscription_status: null,
    specialty: null,
    professional_registry: null,
    registry_number: null,
    registry_uf: null,
    rqe: null,
    clinic_phone: null,
    clinic_address: null,
    last_login_at: null,
    ...user,
  };
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(
  db: AuthDb,
  id: string,
  patch: UserPatch,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteUser(db: AuthDb, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function anyAdminExists(db: AuthDb): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface UserWithAcceptance extends UserRow {
  terms_version: string | null;
  terms_accepted_at: Date | null;
  terms_ip_address: string | null;
  terms_user_agent: string | null;
}

/** Users with their latest terms acceptance, newest users first (or one user by id). */
export async function listUsersWithAcceptance(
  db: AuthDb,
  onlyId?: string,
): Promise<UserWithAcceptance[]> {
  let query = db
    .selectFrom('users as u')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('terms_acceptances as ta')
          .select(['ta.version', 'ta.accepted_at', 'ta.ip_address', 'ta.user_agent'])
          .whereRef('ta.user_id', '=', 'u.id')
          .orderBy('ta.accepted_at', 'desc')
          .limit(1)
          .as('t'),
      (join) => join.onTrue(),
    )
    .selectAll('u')
    .select([
      't.version as terms_version',
      't.accepted_at as terms_accepted_at',
      't.ip_address as terms_ip_address',
      't.user_agent as terms_user_agent',
    ])
    .orderBy('u.created_at', 'desc');
  if (onlyId) query = query.where('u.id', '=', onlyId);
  return query.execute();
}
