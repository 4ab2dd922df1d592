import { sql } from 'kysely';
import type { AuthDb } from '../db/schema.js';

export type LinkPurpose = 'confirm' | 'change';

export async function insertEmailLink(
  db: AuthDb,
  link: { tokenHash: string; userId: string; email: string; purpose: LinkPurpose; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_verification_tokens')
    .values({
      token_hash: link.tokenHash,
      user_id: link.userId,
      email: link.email,
      purpose: link.purpose,
      expires_at: link.expiresAt,
    })
    .execute();
}

/** The link a token hash names, locked for the caller's transaction (a link works once). */
export async function lockEmailLink(db: AuthDb, tokenHash: string) {
  return db
    .selectFrom('email_verification_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** Spends every unused link of the user for that purpose (the one used, and any it supersedes). */
export async function spendEmailLinks(
  db: AuthDb,
  userId: string,
  purpose: LinkPurpose,
): Promise<void> {
  await db
    .updateTable('email_verification_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** The newest address a change link waits on (unused, not expired), if any. */
export async function findPendingChange(db: AuthDb, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_verification_tokens')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}
