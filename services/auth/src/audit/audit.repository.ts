/** The SQL of the audit trail: insert (idempotent by event id) and the filtered, paged read. */
import type { AuditLogQuery, AuditRecordedPayload } from '@pv/contracts';
import type { AuditLogRow, AuthDb } from '../db/schema.js';

const MAX_DETAIL_KEY = 40;
const MAX_DETAIL_TEXT = 200;
const MAX_DETAILS = 12;

/**
 * The details as the contract allows them (`AuditDetailsSchema`): at most 12 flat facts, names of
 * up to 40 characters, texts of up to 200. Anything else is dropped, not stored: a producer's slip
 * must neither write free text into a log nobody can erase nor make its page unreadable (one
 * entry that breaks the response schema would answer 500 for every page that holds it).
 */
export function conformingDetails(details: unknown): AuditRecordedPayload['details'] {
  const kept: AuditRecordedPayload['details'] = {};
  if (!details || typeof details !== 'object' || Array.isArray(details)) return kept;
  for (const [key, value] of Object.entries(details)) {
    if (Object.keys(kept).length === MAX_DETAILS) break;
    if (key.length > MAX_DETAIL_KEY) continue;
    if (typeof value === 'string') kept[key] = value.slice(0, MAX_DETAIL_TEXT);
    else if (value === null || typeof value === 'boolean') kept[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) kept[key] = value;
  }
  return kept;
}

/** Stores one recorded access; a redelivered event (same id) adds nothing. */
export async function insertAuditEntry(
  db: AuthDb,
  entry: { id: string; occurredAt: string; payload: AuditRecordedPayload },
): Promise<void> {
  const { payload } = entry;
  await db
    .insertInto('audit_log')
    .values({
      id: entry.id,
      occurred_at: new Date(entry.occurredAt),
      actor_id: payload.actorId,
      actor_email: payload.actorEmail,
      action: payload.action,
      target_type: payload.targetType,
      target_id: payload.targetId,
      ip_address: payload.ipAddress,
      service: payload.service,
      details: JSON.stringify(conformingDetails(payload.details)),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export type AuditFilter = Pick<AuditLogQuery, 'action' | 'actor' | 'targetId' | 'from' | 'to'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filtered(db: AuthDb, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actor) {
    const actor = filter.actor.trim();
    query = UUID.test(actor)
      ? query.where('actor_id', '=', actor)
      : query.where('actor_email', '=', actor.toLowerCase());
  }
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId.trim());
  if (filter.from) query = query.where('occurred_at', '>=', new Date(`${filter.from}T00:00:00Z`));
  if (filter.to) {
    const end = new Date(`${filter.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    query = query.where('occurred_at', '<', end);
  }
  return query;
}

/** One page of matching entries, newest first, and how many match in all. */
export async function listAuditEntries(
  db: AuthDb,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
