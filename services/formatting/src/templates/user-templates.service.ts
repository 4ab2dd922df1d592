import type { CreateUserTemplateBodySchema, UpdateUserTemplateBodySchema } from '@pv/contracts';
import { changeStoredBytes, type QuotaClient } from '@pv/service-clients';
import type { OutboxRelay } from '@pv/service-kit/events';
import { notFound } from '@pv/service-kit/http';
import type { Static } from '@sinclair/typebox';
import type { FormattingDb, FormattingKysely, UserTemplateRow } from '../db/schema.js';
import {
  deleteTemplateOf,
  findTemplateOf,
  insertTemplate,
  templateBytesOf,
  templatesOf,
  updateTemplateOf,
} from './user-template.repository.js';

/** What a template takes in storage (issue 17): its name and content, UTF-8. */
const bytesOf = (template: { name: string; content: string }) =>
  Buffer.byteLength(template.name, 'utf8') + Buffer.byteLength(template.content, 'utf8');

export interface UserTemplatesDeps {
  db: FormattingKysely;
  /** Kicked after a change, so billing hears of the new storage total at once. */
  relay?: OutboxRelay;
  /** Billing's storage limit, checked before a template grows; unset, storage is not limited. */
  quota?: QuotaClient;
}

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
  private readonly db: FormattingKysely;
  constructor(private readonly deps: UserTemplatesDeps) {
    this.db = deps.db;
  }

  async list(userId: string) {
    return (await templatesOf(this.db, userId)).map(toItem);
  }

  /** Runs a change of the user's templates and reports their new size to billing. */
  private async changing<T>(userId: string, change: (trx: FormattingDb) => Promise<T>) {
    const result = await changeStoredBytes(
      this.db,
      { userId, source: 'custom-templates', measure: (trx) => templateBytesOf(trx, userId) },
      change,
    );
    this.deps.relay?.kick();
    return result;
  }

  async create(
    userId: string,
    body: Static<typeof CreateUserTemplateBodySchema>,
    credentials: Record<string, string> = {},
  ) {
    const template = { userId, name: body.name.trim(), content: body.content };
    await this.deps.quota?.checkStorage(bytesOf(template), credentials);
    return toItem(await this.changing(userId, (trx) => insertTemplate(trx, template)));
  }

  async update(
    userId: string,
    id: string,
    body: Static<typeof UpdateUserTemplateBodySchema>,
    credentials: Record<string, string> = {},
  ) {
    const current = await findTemplateOf(this.db, userId, id);
    if (!current) throw notFound(USER_TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
    const change = {
      id,
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
    };
    const growth = bytesOf({ ...current, ...change }) - bytesOf(current);
    if (growth > 0) await this.deps.quota?.checkStorage(growth, credentials);
    const row = await this.changing(userId, (trx) => updateTemplateOf(trx, userId, change));
    if (!row) throw notFound(USER_TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
    return toItem(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    const removed = await this.changing(userId, (trx) => deleteTemplateOf(trx, userId, id));
    if (!removed) throw notFound(USER_TEMPLATE_NOT_FOUND, 'TEMPLATE_NOT_FOUND');
  }
}
