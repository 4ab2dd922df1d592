import { conflict, isUniqueViolation, notFound } from '@pv/service-kit';
import type { FormattingKysely } from '../db/schema.js';
import {
  type ContentTable,
  deleteContent,
  insertContent,
  listContent,
  type Row,
  updateContent,
} from './admin-content.repository.js';

/** How one admin list maps between its table and its contract types. */
export interface ContentKind<Item, Create, Update> extends ContentTable {
  toItem: (row: Row) => Item;
  toInsert: (body: Create) => Row;
  toUpdate: (body: Update) => Row;
  messages: { notFound: string; deleted: string; duplicate?: string };
}

/** List, create, edit and delete for one admin content list. */
export class AdminContentService<Item, Create, Update> {
  constructor(
    private readonly db: FormattingKysely,
    private readonly kind: ContentKind<Item, Create, Update>,
  ) {}

  async list(): Promise<Item[]> {
    return (await listContent(this.db, this.kind)).map(this.kind.toItem);
  }

  async create(body: Create): Promise<Item> {
    const row = await this.guard(() =>
      insertContent(this.db, this.kind.table, this.kind.toInsert(body)),
    );
    return this.kind.toItem(row);
  }

  async update(id: string, body: Update): Promise<Item> {
    const row = await this.guard(() =>
      updateContent(this.db, this.kind.table, { id, values: this.kind.toUpdate(body) }),
    );
    if (!row) throw notFound(this.kind.messages.notFound);
    return this.kind.toItem(row);
  }

  async remove(id: string): Promise<string> {
    if (!(await deleteContent(this.db, this.kind.table, id)))
      throw notFound(this.kind.messages.notFound);
    return this.kind.messages.deleted;
  }

  private async guard<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error) && this.kind.messages.duplicate) {
        throw conflict(this.kind.messages.duplicate, 'DUPLICATE');
      }
      throw error;
    }
  }
}

/** Only the fields a partial update carries (undefined means "leave as is"). */
export function defined(fields: Row): Row {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
