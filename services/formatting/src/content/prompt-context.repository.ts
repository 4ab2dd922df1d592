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

/**
 * The 'Templates IA' tab's templates that formatting uses (docs/offline-formatter.md, "Templates
 * IA"): the active `formatting_prompt` / `professional_prompt` whose key is this specialty, and
 * every active `system_instruction`. `document_template` belongs to document generation.
 */
export async function activeAiTemplatesFor(
  db: FormattingDb,
  professional: string,
): Promise<{
  specialtyPrompt: string | null;
  instructions: { title: string; content: string }[];
}> {
  const rows = await db
    .selectFrom('ai_templates')
    .select(['template_key', 'template_type', 'name', 'prompt'])
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb('template_type', '=', 'system_instruction'),
        eb.and([
          eb('template_type', 'in', ['formatting_prompt', 'professional_prompt']),
          eb('template_key', '=', professional),
        ]),
      ]),
    )
    .orderBy('updated_at', 'desc')
    .execute();
  // A formatting prompt is the more specific of the two kinds; the newest wins within a kind.
  const prompt =
    rows.find((r) => r.template_type === 'formatting_prompt') ??
    rows.find((r) => r.template_type === 'professional_prompt');
  return {
    specialtyPrompt: prompt?.prompt ?? null,
    instructions: rows
      .filter((r) => r.template_type === 'system_instruction')
      .reverse()
      .map((r) => ({ title: r.name, content: r.prompt })),
  };
}
