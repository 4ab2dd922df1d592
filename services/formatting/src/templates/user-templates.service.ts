import type { CreateUserTemplateBodySchema, UpdateUserTemplateBodySchema } from '@pv/contracts';
import { notFound } from '@pv/service-kit';
import type { Static } from '@sinclair/typebox';
import type { UserTemplateRow } from '../db/schema.js';
import type { FormattingKysely } from '../db/types.js';

export const USER_TEMPLATE_NOT_FOUND = 'Template personalizado não encontrado.';

const toItem = (r: UserTemplateRow) => ({
  id: r.id,
  name: r.name,
  content: r.content,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/**
 * A user's own templates. Every query is scoped by the owner, so another user's template id
 * answers 404 (its existence is not revealed).
 */
export class UserTemplatesService {
  constructor(private readonly db: FormattingKysely) {}

  async list(userId: string) {
    const rows = await this.db
      .selectFrom('user_templates')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toItem);
  }

  async get(userId: string, id: string): Promise<UserTemplateRow | undefined> {
    return this.db
      .selectFrom('user_templates')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async create(userId: string, body: Static<typeof CreateUserTemplateBodySchema>) {
    const row = await this.db
      .insertInto('user_templates')
      .values({ user_id: userId, name: body.name.trim(), content: body.content })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toItem(row);
  }

  async update(userId: string, id: string, body: Static<typeof UpdateUserTemplateBodySchema>) {
    const row = await this.db
      .updateTable('user_templates')
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.content !== undefined ? { content: body.content } : {}),
        updated_at: new Date(),
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(USER_TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
    return toItem(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    const result = await this.db
      .deleteFrom('user_templates')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      throw notFound(USER_TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
  }
}
