import type { ArchiveConsultBody, ArchiveConsultResponse } from '@pv/contracts';
import { postJson } from './http';
import { withRetries } from './retries';

/**
 * A formatted consultation goes to the transcript vault once. A failure is only
 * logged (never shown): 'Transcript Vault API error: {status}'. No content is logged (LGPD).
 * Retried on the product's policy (api/retries.ts): the vault keys the record by its consultId,
 * so a retry updates the one record.
 */
export async function archiveConsult(body: ArchiveConsultBody): Promise<string | null> {
  const idempotencyKey = crypto.randomUUID();
  try {
    const answer = await withRetries(() =>
      postJson<ArchiveConsultResponse>('/api/transcript-vault/consult', body, { idempotencyKey }),
    );
    return answer.consult_id;
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    console.warn(`Transcript Vault API error: ${status}`);
    return null;
  }
}
