import type { UserChangedPayload } from '@pv/contracts';
import { isErased } from '@pv/service-kit/events';
import type { DocumentsDb } from '../db/schema.js';
import { eraseProfessional, upsertProfessional } from './professional.repository.js';

/**
 * One auth.user.changed.v1 applied to the projection: a deletion erases the professional (LGPD),
 * anything else states who they are now. A field an older event lacks reads as null.
 */
export async function applyUserChanged(
  db: DocumentsDb,
  payload: UserChangedPayload,
  occurredAt: Date,
): Promise<void> {
  const { change, user } = payload;
  if (change === 'deleted') {
    await eraseProfessional(db, user.id);
    // Their signing certificate (an encrypted private key) goes too; the signed documents they
    // issued stay for their retention, as the clinical records they are (docs/data-map.md).
    await db.deleteFrom('signing_certificates').where('user_id', '=', user.id).execute();
    return;
  }
  // An event older than the erasure, delivered after it, brings no one back.
  if (await isErased(db, user.id)) return;
  await upsertProfessional(db, {
    user_id: user.id,
    full_name: user.fullName,
    council: user.professionalRegistry ?? null,
    registry_number: user.registryNumber ?? null,
    registry_uf: user.registryUf ?? null,
    rqe: user.rqe ?? null,
    clinic_phone: user.clinicPhone ?? null,
    clinic_address: user.clinicAddress ?? null,
    // An event from before issue 23 has no verification: pendente, as auth migrated every account.
    verification_state: user.professionalVerification?.state ?? 'pendente',
    verified_cpf:
      user.professionalVerification?.state === 'verificado'
        ? (user.professionalVerification.verifiedCpf ?? null)
        : null,
    changed_at: occurredAt,
  });
}
