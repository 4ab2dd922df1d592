import type { FormattingDb } from '../db/schema.js';

// What the admin's content adds to a formatting prompt.

/** The active system instructions, in display order. */
export function activeSystemInstructions(db: FormattingDb) {
  return db
    .selectFrom('system_instructions')
    .select(['title', 'content'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('created_at')
    .execute();
}

/** The newest admin template of a specialty, if any. */
export async function latestSpecialtyPrompt(
  db: FormattingDb,
  professional: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('professional_templates')
    .select('prompt')
    .where('professional', '=', professional)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return row?.prompt ?? null;
}

/** Every term of the medical dictionary, alphabetically. */
export async function medicalTermNames(db: FormattingDb): Promise<string[]> {
  const rows = await db.selectFrom('medical_terms').select('term').orderBy('term').execute();
  return rows.map((r) => r.term);
}
