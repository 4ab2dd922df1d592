import type { CreateUserTemplateBodySchema, UpdateUserTemplateBodySchema } from '@pv/contracts';
import { notFound } from '@pv/service-kit';
import type { Static } from '@sinclair/typebox';
import type { FormattingKysely, UserTemplateRow } from '../db/schema.js';
import {
  deleteTemplateOf,
  insertTemplate,
  templatesOf,
  updateTemplateOf,
} from './user-template.repository.js';

export const USER_TEMPLATE_NOT_FOUND = 'Template personalizado não encontrado.';

const toItem = (r: UserTemplateRow) => ({
  id: r.id,
  name: r.name,
  content: r.content,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/**
 * A user's own templates. Another user's template id answers 404 (its existence is not
 * revealed): the repository scopes every query by the owner.
 */
export class UserTemplatesService {
  constructor(private readonly db: FormattingKysely) {}

  async list(userId: string) {
    return (await templatesOf(this.db, userId)).map(toItem);
  }

  async create(userId: string, body: Static<typeof CreateUserTemplateBodySchema>) {
    const row = await insertTemplate(this.db, {
      userId,
      name: body.name.trim(),
      content: body.content,
    });
    return toItem(row);
  }

  async update(userId: string, id: string, body: Static<typeof UpdateUserTemplateBodySchema>) {
    const row = await updateTemplateOf(this.db, userId, {
      id,
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
    });
    if (!row) throw notFound(USER_TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
    return toItem(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteTemplateOf(this.db, userId, id)))
      throw notFound(USER_TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
  }
}
