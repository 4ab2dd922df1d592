import { type Kysely, sql } from 'kysely';

// Frozen in time. Documents follows the AI templates through ai.template.changed.v1 from this
// release on; the templates saved before it are announced once here, through the outbox, so the
// projection starts complete (docs/decisions.md, issue 13).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO outbox_events (id, subject, payload, occurred_at, published_at)
    SELECT gen_random_uuid(), 'ai.template.changed.v1',
      jsonb_build_object('change', 'saved', 'template', jsonb_build_object(
        'id', id, 'templateKey', template_key, 'templateType', template_type, 'name', name,
        'prompt', prompt, 'isActive', is_active,
        'updatedAt', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      now(), NULL
    FROM ai_templates`.execute(db);
}

/** No `down`, on purpose (test: tools/stack/test/migrations.test.ts). */
export const irreversible =
  'It announces existing rows as events through the outbox; once relayed, consumers have them and an event cannot be recalled. Undoing it is a no-op by nature, so it has no down.';
