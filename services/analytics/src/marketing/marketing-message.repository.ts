import type { Insertable, Updateable } from 'kysely';
import type { AnalyticsDb, MarketingMessagesTable } from '../db/schema.js';

/** Active messages of a type, as the workspace rotates them. */
export function activeMessagesOfType(db: AnalyticsDb, type: 'signup' | 'premium') {
  return db
    .selectFrom('marketing_messages')
    .select(['id', 'title', 'message'])
    .where('type', '=', type)
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function allMessages(db: AnalyticsDb) {
  return db
    .selectFrom('marketing_messages')
    .selectAll()
    .orderBy('type', 'desc') // signup before premium
    .orderBy('display_order')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertMessage(db: AnalyticsDb, values: Insertable<MarketingMessagesTable>) {
  return db
    .insertInto('marketing_messages')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateMessage(
  db: AnalyticsDb,
  id: string,
  changes: Updateable<MarketingMessagesTable>,
) {
  return db
    .updateTable('marketing_messages')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteMessage(db: AnalyticsDb, id: string): Promise<boolean> {
  const result = await db.deleteFrom('marketing_messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
