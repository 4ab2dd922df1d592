import type { Kysely } from 'kysely';
import type { FormattingDb } from '../db/schema.js';

export type Row = Record<string, unknown>;
// The four admin lists differ only in columns; one generic repository serves them all, at the
// price of row types being checked by each kind's mappers (content/kinds.ts) instead of by Kysely.
type LooseDb = Kysely<Record<string, Row>>;
const loose = (db: FormattingDb) => db as unknown as LooseDb;

/** Which admin table, and how its list is ordered. */
export interface ContentTable {
  table: string;
  orderBy: { column: string; direction: 'asc' | 'desc' }[];
}

export async function listContent(db: FormattingDb, content: ContentTable): Promise<Row[]> {
  let query = loose(db).selectFrom(content.table).selectAll();
  for (const { column, direction } of content.orderBy) query = query.orderBy(column, direction);
  return query.execute();
}

export function insertContent(db: FormattingDb, table: string, values: Row): Promise<Row> {
  return loose(db).insertInto(table).values(values).returningAll().executeTakeFirstOrThrow();
}

/** Updates one row (and its updated_at); undefined when the id does not exist. */
export function updateContent(
  db: FormattingDb,
  table: string,
  change: { id: string; values: Row },
): Promise<Row | undefined> {
  return loose(db)
    .updateTable(table)
    .set({ ...change.values, updated_at: new Date() })
    .where('id', '=', change.id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one row; answers it as it was, or undefined when the id does not exist. */
export function deleteContent(
  db: FormattingDb,
  table: string,
  id: string,
): Promise<Row | undefined> {
  return loose(db).deleteFrom(table).where('id', '=', id).returningAll().executeTakeFirst();
}
