import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';

const id = (c: ColumnDefinitionBuilder) => c.primaryKey().defaultTo(sql`gen_random_uuid()`);
const stamps = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
  table
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));

// Frozen in time: later changes get a new migration file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await stamps(
    db.schema
      .createTable('professional_templates')
      .addColumn('id', 'uuid', id)
      .addColumn('professional', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull()),
  ).execute();
  await sql`CREATE INDEX professional_templates_by_professional ON professional_templates (professional, updated_at DESC)`.execute(
    db,
  );

  await stamps(
    db.schema
      .createTable('medical_terms')
      .addColumn('id', 'uuid', id)
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) =>
        c.check(
          sql`category IS NULL OR category IN ('disease','medication','exam','symptom','procedure')`,
        ),
      ),
  ).execute();
  await sql`CREATE UNIQUE INDEX medical_terms_unique ON medical_terms (lower(term))`.execute(db);

  await stamps(
    db.schema
      .createTable('system_instructions')
      .addColumn('id', 'uuid', id)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('display_order', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`display_order >= 0`),
      )
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute();

  await stamps(
    db.schema
      .createTable('ai_templates')
      .addColumn('id', 'uuid', id)
      .addColumn('template_key', 'text', (c) => c.notNull().unique())
      .addColumn('template_type', 'text', (c) => c.notNull().defaultTo('professional_prompt'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'text')
      .addColumn('description', 'text')
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('is_system_default', 'boolean', (c) => c.notNull().defaultTo(false)),
  ).execute();

  await stamps(
    db.schema
      .createTable('user_templates')
      .addColumn('id', 'uuid', id)
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull()),
  ).execute();
  await sql`CREATE INDEX user_templates_by_user ON user_templates (user_id, created_at DESC)`.execute(
    db,
  );
}

/** No `down`, on purpose (test: tools/stack/test/migrations.test.ts). */
export const irreversible =
  "The service's first schema: undoing it would drop all of its data. Roll back by restoring the database from its backup (docs/RELIABILITY.md), never by a down migration.";
