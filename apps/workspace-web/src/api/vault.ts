import type { ArchiveConsultBody, ArchiveConsultResponse } from '@pv/contracts';
import { postJson } from './http';

/**
 * Spec 1 §7: a formatted consultation goes to the transcript vault once. A failure is only
 * logged (never shown): 'Transcript Vault API error: {status}'. No content is logged (LGPD).
 */
export async function archiveConsult(body: ArchiveConsultBody): Promise<string | null> {
  try {
    const answer = await postJson<ArchiveConsultResponse>('/api/transcript-vault/consult', body);
    return answer.consult_id;
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    console.warn(`Transcript Vault API error: ${status}`);
    return null;
  }
}
