import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
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
import { recordStaffAccess, type StaffActor } from '@pv/service-clients';
import { AppError, notFound } from '@pv/service-kit/http';
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

const secretHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/**
 * May this workspace call change an existing record? The public route creates; a change needs
 * the record's secret (answered to the call that created it), or the owner's session (the
 * caller's keyed user hash is the record's professional_hash). One exception, the workspace's
 * first call after a format whose event came first: a record nobody owns that no workspace call
 * has touched yet (so it holds no edited note to replace) is claimed by that call, which gets the
 * secret. Answers whether a secret is to be minted (the claim); throws the 403 otherwise.
 */
function authorizeChange(
  existing: VaultRecordRow,
  incoming: AnonymisedConsult,
  editSecret: string | null,
): { mint: boolean } {
  if (editSecret && existing.edit_secret_hash) {
    const offered = secretHash(editSecret);
    if (timingSafeEqual(offered, existing.edit_secret_hash)) return { mint: false };
  }
  if (incoming.professional_hash && incoming.professional_hash === existing.professional_hash)
    return { mint: false };
  if (!existing.has_client && !existing.edit_secret_hash && !existing.professional_hash)
    return { mint: true };
  throw new AppError(403, 'VAULT_RECORD_LOCKED', VaultMessages.recordLocked);
}

/** A new record secret: 32 random bytes, base64url; only its hash is stored. */
function mintSecret(): { secret: string; hash: Buffer } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: secretHash(secret) };
}

/**
 * Stores one arrival of a consultation in the caller's transaction: exactly one record per
 * consultation whatever the order of the event and the workspace call, and however often either
 * is repeated (merge rules in merge.ts).
 */
export async function archiveConsult(
  trx: VaultDb,
  received: AnonymisedConsult,
  access: { editSecret: string | null } = { editSecret: null },
): Promise<{ consultId: string; created: boolean; editSecret?: string }> {
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
    // ...nor answered with a second record under its id (the insert would fail on the key).
    else if (consult.source === 'client')
      throw new AppError(403, 'VAULT_RECORD_LOCKED', VaultMessages.recordLocked);
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
    const minted = consult.source === 'client' ? mintSecret() : undefined;
    await insertRecord(trx, {
      ...newRecord(consultId, consult, consult.consultId === null),
      edit_secret_hash: minted?.hash ?? null,
    });
    return { consultId, created: true, ...(minted ? { editSecret: minted.secret } : {}) };
  }
  // The event (from formatting, over NATS) is trusted; a public workspace call is checked.
  const minted =
    consult.source === 'client' && authorizeChange(existing, consult, access.editSecret).mint
      ? mintSecret()
      : undefined;
  const patch = mergeInto(existing, consult);
  await updateRecord(trx, existing.consult_id, {
    ...patch,
    ...(minted ? { edit_secret_hash: minted.hash } : {}),
  });
  if (patch.geo_region !== undefined && patch.geo_region !== existing.geo_region) {
    await addToCount(trx, { ym: existing.date_ym, region: existing.geo_region, delta: -1 });
    await addToCount(trx, { ym: existing.date_ym, region: patch.geo_region, delta: 1 });
  }
  return {
    consultId: existing.consult_id,
    created: false,
    ...(minted ? { editSecret: minted.secret } : {}),
  };
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
