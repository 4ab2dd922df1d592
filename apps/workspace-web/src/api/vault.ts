import type { ArchiveConsultBody, ArchiveConsultResponse } from '@pv/contracts';
import { postJson } from './http';
import { withRetries } from './retries';

/**
 * The vault's secret of each consultation's record, by transcription (or consult) id: the call
 * that creates the record gets it, and later calls for the same consultation (a format again, the
 * clinician's edit) send it, since the public archive route otherwise only creates. Kept in
 * memory only, like the consultation itself (nothing of it survives a reload).
 */
const editSecrets = new Map<string, string>();
const recordKey = (body: ArchiveConsultBody) => body.transcriptionId ?? body.consultId ?? null;

/**
 * A formatted consultation goes to the transcript vault once. A failure is only
 * logged (never shown): 'Transcript Vault API error: {status}'. No content is logged (LGPD).
 * Retried on the product's policy (api/retries.ts): the vault keys the record by its consultId,
 * so a retry updates the one record.
 */
export async function archiveConsult(body: ArchiveConsultBody): Promise<string | null> {
  const idempotencyKey = crypto.randomUUID();
  const key = recordKey(body);
  const editSecret = key ? editSecrets.get(key) : undefined;
  try {
    const answer = await withRetries(() =>
      postJson<ArchiveConsultResponse>(
        '/api/transcript-vault/consult',
        editSecret ? { ...body, editSecret } : body,
        { idempotencyKey },
      ),
    );
    if (key && answer.edit_secret) editSecrets.set(key, answer.edit_secret);
    return answer.consult_id;
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    console.warn(`Transcript Vault API error: ${status}`);
    return null;
  }
}
