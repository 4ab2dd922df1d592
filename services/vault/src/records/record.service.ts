import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  paginate,
  VAULT_EXPORT_COLUMNS,
  VAULT_PAGE_SIZE,
  VaultMessages,
  type VaultRecord,
  type VaultRecordSummary,
  type VaultRecordsPage,
} from '@pv/contracts';
import { notFound, recordStaffAccess, type StaffActor } from '@pv/service-kit';
import { type AnonymisedConsult, teaserOf } from '../anonymise/anonymise.js';
import type { VaultDb, VaultKysely, VaultRecordRow } from '../db/schema.js';
import { csvLine, UTF8_BOM } from './csv.js';
import { mergeInto, newRecord } from './merge.js';
import {
  addToCount,
  deleteAllRecords,
  deleteParts,
  deleteRecord,
  exportBatch,
  findByContent,
  findByTranscription,
  findRecord,
  insertRecord,
  listPage,
  lockKey,
  monthCounts,
  type RecordFilter,
  type RecordSummaryRow,
  savePart,
  updateRecord,
} from './record.repository.js';

const EXPORT_BATCH = 500;

function toSummary(row: RecordSummaryRow): VaultRecordSummary {
  return {
    consult_id: row.consult_id,
    date_ym: row.date_ym,
    geo_region: row.geo_region,
    transcript_teaser: row.transcript_teaser,
    timestamp_utc: row.timestamp_utc.toISOString(),
    audio_length_sec: row.audio_length_sec,
    professional: row.professional,
    patient_hash: row.patient_hash,
    professional_hash: row.professional_hash,
    ip_hash: row.ip_hash,
  };
}

function toRecord(row: VaultRecordRow): VaultRecord {
  return {
    ...toSummary(row),
    transcript: row.transcript,
    raw_transcript: row.raw_transcript,
    edited_transcript: row.edited_transcript,
  };
}

/** Query values the console sends for "no filter" ('', 'all') become null. */
export function filterOf(query: { ym?: string; uf?: string }): RecordFilter {
  return {
    ym: query.ym ? query.ym : null,
    uf: query.uf && query.uf !== 'all' ? query.uf : null,
  };
}

/**
 * Stores one arrival of a consultation in the caller's transaction: exactly one record per
 * consultation whatever the order of the event and the workspace call, and however often either
 * is repeated (merge rules in merge.ts).
 */
export async function archiveConsult(
  trx: VaultDb,
  received: AnonymisedConsult,
): Promise<{ consultId: string; created: boolean }> {
  // Lock order (transcription, id, then content) is the same for every writer: no deadlock.
  if (received.transcriptionId)
    await lockKey(trx, `vault:transcription:${received.transcriptionId}`);
  if (received.consultId) await lockKey(trx, `vault:consult:${received.consultId}`);
  await lockKey(trx, `vault:content:${received.content_key}`);

  const consult = await withParts(trx, received);
  let existing = consult.transcriptionId
    ? await findByTranscription(trx, consult.transcriptionId)
    : undefined;
  if (!existing && consult.consultId) {
    const byId = await findRecord(trx, consult.consultId);
    // A record of another transcription is never taken over by id.
    if (!byId?.transcription_id || byId.transcription_id === consult.transcriptionId)
      existing = byId;
  }
  if (!existing && consult.source === 'event') {
    // An id-less workspace call may have come first: the event gives that record its real id.
    const provisional = await findByContent(trx, consult.content_key, true);
    if (provisional && consult.consultId) {
      await updateRecord(trx, provisional.consult_id, { consult_id: consult.consultId });
      existing = { ...provisional, consult_id: consult.consultId };
    }
  }
  if (!existing && consult.source === 'client' && !consult.consultId) {
    existing = await findByContent(trx, consult.content_key, false);
  }
  if (!existing) {
    const consultId = consult.consultId ?? randomUUID();
    await insertRecord(trx, newRecord(consultId, consult, consult.consultId === null));
    return { consultId, created: true };
  }
  const patch = mergeInto(existing, consult);
  await updateRecord(trx, existing.consult_id, patch);
  if (patch.geo_region !== undefined && patch.geo_region !== existing.geo_region) {
    await addToCount(trx, { ym: existing.date_ym, region: existing.geo_region, delta: -1 });
    await addToCount(trx, { ym: existing.date_ym, region: patch.geo_region, delta: 1 });
  }
  return { consultId: existing.consult_id, created: false };
}

/**
 * A part of a dictation formatted in parts (an event with `part.count > 1`) is kept apart, and
 * the record gets every part received so far, joined in order as the workspace joins the notes:
 * a long dictation stays one record. The patient is the first part's.
 */
async function withParts(trx: VaultDb, consult: AnonymisedConsult): Promise<AnonymisedConsult> {
  const { transcriptionId, part } = consult;
  if (consult.source !== 'event' || !transcriptionId || !part) return consult;
  if (part.count <= 1) {
    await deleteParts(trx, transcriptionId);
    return consult;
  }
  const parts = await savePart(trx, {
    transcriptionId,
    index: part.index,
    count: part.count,
    transcript: consult.transcript,
    rawTranscript: consult.raw_transcript,
  });
  const transcript = parts.map((p) => p.transcript).join('\n\n');
  const raws = parts.map((p) => p.raw_transcript).filter((r): r is string => r !== null);
  return {
    ...consult,
    transcript,
    transcript_teaser: teaserOf(transcript),
    raw_transcript: raws.length > 0 ? raws.join('\n\n') : null,
    patient_hash: part.index === 1 ? consult.patient_hash : null,
  };
}

/** What the admin console reads and deletes. */
export class VaultRecords {
  constructor(
    private readonly db: VaultKysely,
    /** Woken after a delete, so its audit entry reaches the log at once. */
    private readonly relay: { kick(): void },
  ) {}

  async list(page: number, filter: RecordFilter): Promise<VaultRecordsPage> {
    const months = (await monthCounts(this.db, filter.uf)).filter(
      (m) => !filter.ym || m.ym === filter.ym,
    );
    const totalCount = months.reduce((n, m) => n + m.count, 0);
    const rows = await listPage(this.db, {
      months,
      uf: filter.uf,
      offset: (page - 1) * VAULT_PAGE_SIZE,
      limit: VAULT_PAGE_SIZE,
    });
    return {
      records: rows.map(toSummary),
      pagination: paginate(totalCount, page, VAULT_PAGE_SIZE),
    };
  }

  async get(consultId: string): Promise<VaultRecord> {
    const row = await findRecord(this.db, consultId);
    if (!row) throw notFound(VaultMessages.recordNotFound, 'VAULT_RECORD_NOT_FOUND');
    return toRecord(row);
  }

  /** Deletes one record; the deletion and its audit entry commit together. */
  async delete(staff: StaffActor, consultId: string): Promise<number> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      const found = await deleteRecord(trx, consultId);
      if (found)
        await recordStaffAccess(trx, staff, {
          service: 'vault',
          action: 'vault.record.delete',
          targetType: 'vault-record',
          targetId: consultId,
        });
      return found;
    });
    if (!deleted) throw notFound(VaultMessages.recordNotFound, 'VAULT_RECORD_NOT_FOUND');
    this.relay.kick();
    return 1;
  }

  async deleteAll(staff: StaffActor): Promise<number> {
    const count = await this.db.transaction().execute(async (trx) => {
      const deleted = await deleteAllRecords(trx);
      await recordStaffAccess(trx, staff, {
        service: 'vault',
        action: 'vault.records.delete-all',
        targetType: 'vault',
        details: { deletedCount: deleted },
      });
      return deleted;
    });
    this.relay.kick();
    return count;
  }

  /**
   * The newest `limit` records as CSV, read in keyset batches of 500 and written as they come:
   * memory stays flat whatever the limit.
   */
  exportCsv(filter: RecordFilter, limit: number): Readable {
    const db = this.db;
    async function* lines() {
      yield `${UTF8_BOM}${csvLine(VAULT_EXPORT_COLUMNS)}`;
      let remaining = limit;
      let after: { timestamp: Date; consultId: string } | null = null;
      while (remaining > 0) {
        const batch = await exportBatch(db, {
          filter,
          after,
          limit: Math.min(EXPORT_BATCH, remaining),
        });
        if (batch.length === 0) return;
        let chunk = '';
        for (const row of batch) {
          const record = toRecord(row);
          chunk += csvLine(VAULT_EXPORT_COLUMNS.map((column) => record[column]));
        }
        yield chunk;
        remaining -= batch.length;
        const last = batch.at(-1) as VaultRecordRow;
        after = { timestamp: last.timestamp_utc, consultId: last.consult_id };
        if (batch.length < EXPORT_BATCH) return;
      }
    }
    return Readable.from(lines(), { objectMode: false });
  }
}
