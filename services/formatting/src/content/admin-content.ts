import { conflict, isUniqueViolation, notFound } from '@pv/service-kit';
import type { Kysely } from 'kysely';
import type { FormattingKysely } from '../db/types.js';

type Row = Record<string, unknown>;
// The four admin lists differ only in columns; one generic repository serves them all, at the
// price of row types being checked here by each kind's mappers instead of by Kysely.
type LooseDb = Kysely<Record<string, Row>>;

/** How one admin list maps between its table and its contract types. */
export interface ContentKind<Item, Create, Update> {
  table: string;
  orderBy: { column: string; direction: 'asc' | 'desc' }[];
  toItem: (row: Row) => Item;
  toInsert: (body: Create) => Row;
  toUpdate: (body: Update) => Row;
  messages: { notFound: string; deleted: string; duplicate?: string };
}

/** List, create, edit and delete for one admin content list. */
export class AdminContentService<Item, Create, Update> {
  private readonly db: LooseDb;

  constructor(
    db: FormattingKysely,
    private readonly kind: ContentKind<Item, Create, Update>,
  ) {
    this.db = db as unknown as LooseDb;
  }

  async list(): Promise<Item[]> {
    let query = this.db.selectFrom(this.kind.table).selectAll();
    for (const { column, direction } of this.kind.orderBy) query = query.orderBy(column, direction);
    return (await query.execute()).map(this.kind.toItem);
  }

  async create(body: Create): Promise<Item> {
    const row = await this.guard(() =>
      this.db
        .insertInto(this.kind.table)
        .values(this.kind.toInsert(body))
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return this.kind.toItem(row);
  }

  async update(id: string, body: Update): Promise<Item> {
    const row = await this.guard(() =>
      this.db
        .updateTable(this.kind.table)
        .set({ ...this.kind.toUpdate(body), updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    );
    if (!row) throw notFound(this.kind.messages.notFound);
    return this.kind.toItem(row);
  }

  async remove(id: string): Promise<string> {
    const deleted = await this.db
      .deleteFrom(this.kind.table)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound(this.kind.messages.notFound);
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
