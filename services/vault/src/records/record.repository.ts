/** The only SQL of the vault. Every function takes the database or a transaction first. */
import { VAULT_SUMMARY_COLUMNS } from '@pv/contracts';
import { type Insertable, sql } from 'kysely';
import type { VaultDb, VaultRecordRow, VaultRecordsTable } from '../db/schema.js';

export interface RecordFilter {
  ym: string | null;
  uf: string | null;
}

/** A row of the list: the columns without the full texts. */
export type RecordSummaryRow = Pick<VaultRecordRow, (typeof VAULT_SUMMARY_COLUMNS)[number]>;

/**
 * Serialises every writer of one consultation (by id, or by note content for id-less calls) until
 * the transaction ends, so the event and the workspace call can never both insert.
 */
export async function lockKey(trx: VaultDb, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

export function findRecord(db: VaultDb, consultId: string): Promise<VaultRecordRow | undefined> {
  return db
    .selectFrom('vault_records')
    .selectAll()
    .where('consult_id', '=', consultId)
    .executeTakeFirst();
}

/** The record of a transcription (one per transcription: a unique index). */
export function findByTranscription(
  db: VaultDb,
  transcriptionId: string,
): Promise<VaultRecordRow | undefined> {
  return db
    .selectFrom('vault_records')
    .selectAll()
    .where('transcription_id', '=', transcriptionId)
    .executeTakeFirst();
}

/**
 * Stores one scrubbed part of a dictation formatted in `count` parts (a format again replaces
 * it; parts past `count`, from an earlier split, go) and returns the parts, in order.
 */
export async function savePart(
  db: VaultDb,
  part: {
    transcriptionId: string;
    index: number;
    count: number;
    transcript: string;
    rawTranscript: string | null;
  },
): Promise<{ transcript: string; raw_transcript: string | null }[]> {
  await db
    .insertInto('vault_record_parts')
    .values({
      transcription_id: part.transcriptionId,
      part: part.index,
      transcript: part.transcript,
      raw_transcript: part.rawTranscript,
    })
    .onConflict((oc) =>
      oc.columns(['transcription_id', 'part']).doUpdateSet({
        transcript: part.transcript,
        raw_transcript: part.rawTranscript,
      }),
    )
    .execute();
  await db
    .deleteFrom('vault_record_parts')
    .where('transcription_id', '=', part.transcriptionId)
    .where('part', '>', part.count)
    .execute();
  return db
    .selectFrom('vault_record_parts')
    .select(['transcript', 'raw_transcript'])
    .where('transcription_id', '=', part.transcriptionId)
    .orderBy('part')
    .execute();
}

/** Forgets the parts of a transcription (its record was deleted, or it is one part now). */
export async function deleteParts(db: VaultDb, transcriptionId: string): Promise<void> {
  await db
    .deleteFrom('vault_record_parts')
    .where('transcription_id', '=', transcriptionId)
    .execute();
}

/** The newest record with this note; `provisionalOnly`: one an id-less call created. */
export function findByContent(
  db: VaultDb,
  contentKey: string,
  provisionalOnly: boolean,
): Promise<VaultRecordRow | undefined> {
  let query = db.selectFrom('vault_records').selectAll().where('content_key', '=', contentKey);
  if (provisionalOnly)
    query = query.where('provisional_id', '=', true).where('has_event', '=', false);
  return query.orderBy('timestamp_utc', 'desc').limit(1).executeTakeFirst();
}

export async function insertRecord(
  db: VaultDb,
  values: Insertable<VaultRecordsTable>,
): Promise<void> {
  await db.insertInto('vault_records').values(values).execute();
  await addToCount(db, { ym: values.date_ym, region: values.geo_region ?? null, delta: 1 });
}

export async function updateRecord(
  db: VaultDb,
  consultId: string,
  patch: Partial<Insertable<VaultRecordsTable>>,
): Promise<void> {
  await db
    .updateTable('vault_records')
    .set({ ...patch, updated_at: new Date() })
    .where('consult_id', '=', consultId)
    .execute();
}

/** Keeps vault_counts exact: called in the same transaction as every insert, move and delete. */
export async function addToCount(
  db: VaultDb,
  change: { ym: string; region: string | null; delta: number },
): Promise<void> {
  const { ym, region, delta } = change;
  await db
    .insertInto('vault_counts')
    .values({ date_ym: ym, geo_region: region ?? '', record_count: Math.max(delta, 0) })
    .onConflict((oc) =>
      oc
        .columns(['date_ym', 'geo_region'])
        .doUpdateSet({ record_count: sql`vault_counts.record_count + ${delta}` }),
    )
    .execute();
}

/** Records per month (newest month first) under the UF filter: at most (months x 28) rows summed. */
export async function monthCounts(
  db: VaultDb,
  uf: string | null,
): Promise<{ ym: string; count: number }[]> {
  let query = db
    .selectFrom('vault_counts')
    .select(['date_ym', sql<string>`sum(record_count)`.as('total')])
    .groupBy('date_ym')
    .orderBy('date_ym', 'desc');
  if (uf) query = query.where('geo_region', '=', uf);
  const rows = await query.execute();
  return rows.map((r) => ({ ym: r.date_ym, count: Number(r.total) })).filter((r) => r.count > 0);
}

/** How many records match the filter, from the maintained counts (never a scan). */
export async function countRecords(db: VaultDb, filter: RecordFilter): Promise<number> {
  const months = await monthCounts(db, filter.uf);
  return months.filter((m) => !filter.ym || m.ym === filter.ym).reduce((n, m) => n + m.count, 0);
}

/**
 * `limit` records of one month (and UF), newest first, from `offset`. The ids come from an
 * index-only scan of the month's index, then only those rows are read; past the middle of the
 * month the index is walked from the other end (the month's exact count is known), so no page
 * costs more than half a month's index entries.
 */
async function pageOfMonth(
  db: VaultDb,
  page: { ym: string; uf: string | null; offset: number; limit: number; monthTotal: number },
): Promise<RecordSummaryRow[]> {
  const { ym, uf, offset, limit, monthTotal } = page;
  if (offset >= monthTotal || limit <= 0) return [];
  const fromOldest = offset > monthTotal / 2;
  const take = Math.min(limit, monthTotal - offset);
  const skip = fromOldest ? Math.max(0, monthTotal - offset - take) : offset;
  const direction = fromOldest ? 'asc' : 'desc';
  let ids = db.selectFrom('vault_records').select('consult_id').where('date_ym', '=', ym);
  if (uf) ids = ids.where('geo_region', '=', uf);
  const window = ids
    .orderBy('timestamp_utc', direction)
    .orderBy('consult_id', direction)
    .offset(skip)
    .limit(take);
  const rows = await db
    .selectFrom(window.as('page'))
    .innerJoin('vault_records as r', 'r.consult_id', 'page.consult_id')
    .select(VAULT_SUMMARY_COLUMNS.map((c) => `r.${c}` as const))
    .orderBy('r.timestamp_utc', 'desc')
    .orderBy('r.consult_id', 'desc')
    .execute();
  return rows as RecordSummaryRow[];
}

/**
 * One page, newest first. date_ym is the month of timestamp_utc, so every record of a newer month
 * sorts before every record of an older one: with the per-month counts, a global offset becomes
 * a month and an offset inside it, and a deep page costs no more than a page of one month. A page
 * that straddles two months reads the rest from the next one.
 */
export async function listPage(
  db: VaultDb,
  page: {
    months: readonly { ym: string; count: number }[];
    uf: string | null;
    offset: number;
    limit: number;
  },
): Promise<RecordSummaryRow[]> {
  const { months, uf, offset, limit } = page;
  const rows: RecordSummaryRow[] = [];
  let skip = offset;
  for (const month of months) {
    if (rows.length >= limit) break;
    if (skip >= month.count) {
      skip -= month.count;
      continue;
    }
    rows.push(
      ...(await pageOfMonth(db, {
        ym: month.ym,
        uf,
        offset: skip,
        limit: limit - rows.length,
        monthTotal: month.count,
      })),
    );
    skip = 0;
  }
  return rows;
}

/** Deletes one record; returns it (for the counters) or undefined. */
export async function deleteRecord(
  db: VaultDb,
  consultId: string,
): Promise<Pick<VaultRecordRow, 'date_ym' | 'geo_region'> | undefined> {
  const row = await db
    .deleteFrom('vault_records')
    .where('consult_id', '=', consultId)
    .returning(['date_ym', 'geo_region', 'transcription_id'])
    .executeTakeFirst();
  if (row) await addToCount(db, { ym: row.date_ym, region: row.geo_region, delta: -1 });
  if (row?.transcription_id) await deleteParts(db, row.transcription_id);
  return row;
}

/** Deletes every record; returns how many there were. */
export async function deleteAllRecords(db: VaultDb): Promise<number> {
  const total = await countRecords(db, { ym: null, uf: null });
  await sql`TRUNCATE vault_records, vault_counts, vault_record_parts`.execute(db);
  return total;
}

/** A batch of full records for the export, newest first, after the keyset cursor. */
export function exportBatch(
  db: VaultDb,
  batch: {
    filter: RecordFilter;
    after: { timestamp: Date; consultId: string } | null;
    limit: number;
  },
): Promise<VaultRecordRow[]> {
  const { filter, after, limit } = batch;
  let query = db.selectFrom('vault_records').selectAll();
  if (filter.ym) query = query.where('date_ym', '=', filter.ym);
  if (filter.uf) query = query.where('geo_region', '=', filter.uf);
  if (after)
    query = query.where(
      sql<boolean>`(timestamp_utc, consult_id) < (${after.timestamp}, ${after.consultId}::uuid)`,
    );
  return query
    .orderBy('timestamp_utc', 'desc')
    .orderBy('consult_id', 'desc')
    .limit(limit)
    .execute();
}
