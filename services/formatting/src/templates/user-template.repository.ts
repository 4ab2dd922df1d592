import { sql } from 'kysely';
import type { FormattingDb, UserTemplateRow } from '../db/schema.js';

// Every query is scoped by the owner: another user's template id finds nothing.

export function templatesOf(db: FormattingDb, userId: string): Promise<UserTemplateRow[]> {
  return db
    .selectFrom('user_templates')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export function findTemplateOf(
  db: FormattingDb,
  userId: string,
  id: string,
): Promise<UserTemplateRow | undefined> {
  return db
    .selectFrom('user_templates')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertTemplate(
  db: FormattingDb,
  template: { userId: string; name: string; content: string },
): Promise<UserTemplateRow> {
  return db
    .insertInto('user_templates')
    .values({ user_id: template.userId, name: template.name, content: template.content })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateTemplateOf(
  db: FormattingDb,
  userId: string,
  change: { id: string; name?: string; content?: string },
): Promise<UserTemplateRow | undefined> {
  return db
    .updateTable('user_templates')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.content !== undefined ? { content: change.content } : {}),
      updated_at: new Date(),
    })
    .where('user_id', '=', userId)
    .where('id', '=', change.id)
    .returningAll()
    .executeTakeFirst();
}

/** False when the user has no template of that id. */
export async function deleteTemplateOf(
  db: FormattingDb,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('user_templates')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** LGPD erasure: every template of a deleted user. */
export async function deleteTemplatesOfUser(db: FormattingDb, userId: string): Promise<void> {
  await db.deleteFrom('user_templates').where('user_id', '=', userId).execute();
}

/** What the user's templates take: the bytes of every name and content (UTF-8). */
export async function templateBytesOf(db: FormattingDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_templates')
    .select(sql<string>`coalesce(sum(octet_length(name) + octet_length(content)), 0)`.as('bytes'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
