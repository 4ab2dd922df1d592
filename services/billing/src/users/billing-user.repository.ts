import type { BillingDb } from '../db/schema.js';

/** Who a user is, as auth.user.changed.v1 told billing. */
export interface BillingUser {
  id: string;
  email: string;
  fullName: string;
  memberSince: Date;
}

/** Keeps billing's copy of a user; member_since is set once, when first seen. */
export async function upsertBillingUser(db: BillingDb, user: BillingUser): Promise<void> {
  const values = { email: user.email, full_name: user.fullName };
  await db
    .insertInto('billing_users')
    .values({ user_id: user.id, member_since: user.memberSince, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

export async function deleteBillingUser(db: BillingDb, userId: string): Promise<void> {
  await db.deleteFrom('billing_users').where('user_id', '=', userId).execute();
  await db.deleteFrom('transcription_sessions').where('user_id', '=', userId).execute();
}

export async function memberSinceOf(db: BillingDb, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('billing_users')
    .select('member_since')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.member_since ?? null;
}
