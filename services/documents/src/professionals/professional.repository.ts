import { tombstoneUser } from '@pv/service-kit/events';
import type { DocumentsDb, ProfessionalRow } from '../db/schema.js';

/** A professional's identity as one event states it. */
export type ProfessionalIdentity = Omit<ProfessionalRow, 'erased_at'>;

const PERSONAL = [
  'full_name',
  'council',
  'registry_number',
  'registry_uf',
  'rqe',
  'clinic_phone',
  'clinic_address',
  'verification_state',
  'verified_cpf',
] as const;

/**
 * Writes what an event says unless the row already reflects a later event (equal times: the
 * later delivery wins) or the user was erased (events can arrive out of order when one is
 * redelivered).
 */
export async function upsertProfessional(
  db: DocumentsDb,
  identity: ProfessionalIdentity,
): Promise<void> {
  await db
    .insertInto('professionals')
    .values({ ...identity, erased_at: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          ...Object.fromEntries(PERSONAL.map((c) => [c, eb.ref(`excluded.${c}`)])),
          changed_at: eb.ref('excluded.changed_at'),
        }))
        .where((eb) =>
          eb.and([
            eb('professionals.erased_at', 'is', null),
            eb('professionals.changed_at', '<=', eb.ref('excluded.changed_at')),
          ]),
        ),
    )
    .execute();
}

/**
 * Erases a professional: the row goes, and the kit's tombstone (a hash of the id, never the id)
 * keeps a late or redelivered event from bringing them back.
 */
export async function eraseProfessional(db: DocumentsDb, userId: string): Promise<void> {
  await db.deleteFrom('professionals').where('user_id', '=', userId).execute();
  await tombstoneUser(db, userId);
}

export async function findProfessional(
  db: DocumentsDb,
  userId: string,
): Promise<ProfessionalRow | undefined> {
  return db
    .selectFrom('professionals')
    .selectAll()
    .where('user_id', '=', userId)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}
