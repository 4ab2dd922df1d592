import type { Kysely } from 'kysely';

// Frozen in time: later changes get a new migration file.
// The admin's AI templates as ai.template.changed.v1 describes them (formatting owns them): the
// `document_template` ones shape the generated document of the type their key names.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_templates')
    .addColumn('template_id', 'uuid', (c) => c.primaryKey())
    .addColumn('template_key', 'text', (c) => c.notNull())
    .addColumn('template_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Only a document template's text is kept; other types' is not needed here.
    .addColumn('prompt', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    // The occurredAt of the event the row reflects: an older event redelivered late never
    // overwrites a newer one, and a deleted template stays as a tombstone for the same reason.
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('document_templates_by_key')
    .on('document_templates')
    .columns(['template_key', 'changed_at'])
    .execute();
}

/** A projection of formatting's ai.template.changed.v1 events: the consumer rebuilds it on replay. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_templates').execute();
}
