import { createHash, randomInt } from 'node:crypto';
import type { AuthDb } from '../db/schema.js';

/** How many recovery codes an enrolment hands out (issue 23 item 4). */
export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes compare without case, spaces or dashes. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/** `xxxxx-xxxxx`: 10 characters from 32 unambiguous ones (50 bits), enough for single-use codes. */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const pick = () => alphabet[randomInt(alphabet.length)];
  const half = () => Array.from({ length: 5 }, pick).join('');
  return `${half()}-${half()}`;
}

export async function findSecondFactor(db: AuthDb, userId: string) {
  return db
    .selectFrom('staff_second_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The enrolled secret, or undefined while the admin has not enrolled. */
export async function enrolledSecret(db: AuthDb, userId: string): Promise<string | undefined> {
  return (await findSecondFactor(db, userId))?.totp_secret ?? undefined;
}

export async function savePendingSecret(db: AuthDb, userId: string, secret: string) {
  await db
    .insertInto('staff_second_factors')
    .values({ user_id: userId, pending_secret: secret })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ pending_secret: secret, updated_at: new Date() }),
    )
    .execute();
}

/** Makes `secret` the admin's factor and replaces the recovery codes with `codes` (hashed). */
export async function saveEnrolment(
  db: AuthDb,
  { userId, secret, codes }: { userId: string; secret: string; codes: string[] },
) {
  await db
    .insertInto('staff_second_factors')
    .values({ user_id: userId, totp_secret: secret, pending_secret: null, enrolled_at: new Date() })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        totp_secret: secret,
        pending_secret: null,
        enrolled_at: new Date(),
        updated_at: new Date(),
      }),
    )
    .execute();
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  if (codes.length > 0)
    await db
      .insertInto('staff_recovery_codes')
      .values(codes.map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(code) })))
      .execute();
}

/** Seeds a secret only where the admin has none yet (ADMIN_TOTP_SECRET on every start). */
export async function seedSecret(db: AuthDb, userId: string, secret: string) {
  await db
    .insertInto('staff_second_factors')
    .values({ user_id: userId, totp_secret: secret, enrolled_at: new Date() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Spends a recovery code: true only for an unused code of this admin, and only once. */
export async function spendRecoveryCode(db: AuthDb, userId: string, code: string) {
  const spent = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return spent.numUpdatedRows === 1n;
}

export async function deleteSecondFactor(db: AuthDb, userId: string) {
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('staff_second_factors').where('user_id', '=', userId).execute();
}

/**
 * Seals every stored secret not yet under the current key (issue 23): the rows from before
 * TOTP_SECRET_KEY, and after a rotation those under TOTP_SECRET_KEY_PREVIOUS. Runs at each start;
 * a few rows (one per admin), each updated only if it still holds the value read.
 */
export async function sealStoredSecrets(
  db: AuthDb,
  box: {
    seal(userId: string, secret: string): string;
    open(userId: string, stored: string): string;
    needsSealing(userId: string, stored: string): boolean;
  },
): Promise<number> {
  const rows = await db
    .selectFrom('staff_second_factors')
    .select(['user_id', 'totp_secret', 'pending_secret'])
    .execute();
  let sealed = 0;
  for (const row of rows) {
    for (const column of ['totp_secret', 'pending_secret'] as const) {
      const stored = row[column];
      if (!stored || !box.needsSealing(row.user_id, stored)) continue;
      await db
        .updateTable('staff_second_factors')
        .set({ [column]: box.seal(row.user_id, box.open(row.user_id, stored)) })
        .where('user_id', '=', row.user_id)
        .where(column, '=', stored)
        .execute();
      sealed++;
    }
  }
  return sealed;
}
