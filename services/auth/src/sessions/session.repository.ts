import type { AuthDb } from '../db/schema.js';

export async function insertSession(
  db: AuthDb,
  session: { id: string; userId: string; expiresAt: Date; ipAddress: string; userAgent: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      sid: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      ip_address: session.ipAddress,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function endSessions(db: AuthDb, sids: string[], reason: string): Promise<void> {
  if (sids.length === 0) return;
  const now = new Date();
  await db
    .updateTable('sessions')
    .set({ ended_at: now, last_seen_at: now, end_reason: reason })
    .where('sid', 'in', sids)
    .where('ended_at', 'is', null)
    .execute();
}

export async function touchSession(db: AuthDb, sid: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: new Date() })
    .where('sid', '=', sid)
    .execute();
}

export async function listLoginHistory(db: AuthDb, userId: string, limit: number) {
  return db
    .selectFrom('sessions')
    .select([
      'id',
      'created_at',
      'ended_at',
      'last_seen_at',
      'expires_at',
      'ip_address',
      'user_agent',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
