import type { AdminUserSort } from '@pv/contracts';
import { containsPattern } from '@pv/service-kit/runtime';
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

/** The users of `filter` (all without one), as the inner query of a page. */
function matchingUsers(db: AuthDb, q: string | undefined) {
  const query = db.selectFrom('users');
  const text = q?.trim();
  if (!text) return query;
  const pattern = containsPattern(text);
  return query.where((eb) =>
    eb.or([eb('full_name', 'ilike', pattern), eb('email', 'ilike', pattern)]),
  );
}

export interface UserListFilter {
  /** Case-insensitive text anywhere in the full name or the email (served by trigram indexes). */
  q?: string;
  sort: AdminUserSort;
  order: 'asc' | 'desc';
}

type SortColumn =
  | 'created_at'
  | 'full_name'
  | 'email'
  | 'specialty'
  | 'professional_registry'
  | 'registry_number'
  | 'last_login_at';

/** The ORDER BY of each sort the console offers; the id breaks ties so pages never overlap. */
const SORT_COLUMNS: Record<AdminUserSort, readonly SortColumn[]> = {
  createdAt: ['created_at'],
  fullName: ['full_name'],
  email: ['email'],
  specialty: ['specialty'],
  registry: ['professional_registry', 'registry_number'],
  lastLoginAt: ['last_login_at'],
};

/**
 * Users with their latest terms acceptance: one page of the users `filter` matches (and how many
 * match in all), or one user by id. The page is cut before the acceptance is looked up, so the
 * lookup runs for the page's rows only, whatever the number of users.
 */
export async function findUsersPage(
  db: AuthDb,
  filter: UserListFilter & { id?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: UserWithAcceptance[]; total: number }> {
  const columns = SORT_COLUMNS[filter.sort];
  let inner = matchingUsers(db, filter.q).selectAll();
  if (filter.id) inner = inner.where('id', '=', filter.id);
  for (const column of columns) inner = inner.orderBy(column, filter.order);
  inner = inner.orderBy('id').offset(page.offset).limit(page.limit);

  let query = db
    .selectFrom(inner.as('u'))
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
    ]);
  // A join keeps no order: the page's order is given again.
  for (const column of columns) query = query.orderBy(`u.${column}`, filter.order);
  query = query.orderBy('u.id');

  const [rows, count] = await Promise.all([
    query.execute(),
    filter.id
      ? Promise.resolve({ total: '1' })
      : matchingUsers(db, filter.q)
          .select(sql<string>`count(*)`.as('total'))
          .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** One user with the latest terms acceptance. */
export async function findUserWithAcceptance(
  db: AuthDb,
  id: string,
): Promise<UserWithAcceptance | undefined> {
  const { rows } = await findUsersPage(
    db,
    { id, sort: 'createdAt', order: 'desc' },
    { offset: 0, limit: 1 },
  );
  return rows[0];
}
