import type { DocumentType } from '@pv/contracts';
import type { DocumentsDb } from '../db/schema.js';

/** One AI template as an event states it, at the event's time. */
export interface TemplateState {
  templateId: string;
  templateKey: string;
  templateType: string;
  name: string;
  prompt: string | null;
  isActive: boolean;
  changedAt: Date;
  deleted: boolean;
}

/**
 * Writes what an event says unless the row already reflects a later event (equal times: the later
 * delivery wins); a deletion is kept as a tombstone so an older event delivered late after it
 * changes nothing.
 */
export async function saveTemplateState(db: DocumentsDb, state: TemplateState): Promise<void> {
  const row = {
    template_id: state.templateId,
    template_key: state.templateKey,
    template_type: state.templateType,
    name: state.name,
    prompt: state.deleted ? null : state.prompt,
    is_active: state.deleted ? false : state.isActive,
    changed_at: state.changedAt,
    deleted_at: state.deleted ? state.changedAt : null,
  };
  await db
    .insertInto('document_templates')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('template_id')
        .doUpdateSet((eb) => ({
          template_key: eb.ref('excluded.template_key'),
          template_type: eb.ref('excluded.template_type'),
          name: eb.ref('excluded.name'),
          prompt: eb.ref('excluded.prompt'),
          is_active: eb.ref('excluded.is_active'),
          changed_at: eb.ref('excluded.changed_at'),
          deleted_at: eb.ref('excluded.deleted_at'),
        }))
        .where('document_templates.changed_at', '<=', (eb) => eb.ref('excluded.changed_at')),
    )
    .execute();
}

/** The active document template of a document type (the newest if several), or undefined. */
export async function activeDocumentTemplate(
  db: DocumentsDb,
  documentType: DocumentType,
): Promise<{ name: string; prompt: string } | undefined> {
  const row = await db
    .selectFrom('document_templates')
    .select(['name', 'prompt'])
    .where('template_type', '=', 'document_template')
    .where('template_key', '=', documentType)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .where('prompt', 'is not', null)
    .orderBy('changed_at', 'desc')
    .executeTakeFirst();
  return row?.prompt ? { name: row.name, prompt: row.prompt } : undefined;
}
