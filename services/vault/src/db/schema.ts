import type { KitTables } from '@pv/service-kit/events';
import type { Generated, Kysely, Selectable, Transaction } from 'kysely';

/**
 * One anonymised consultation. Only scrubbed texts, keyed hashes, a month, a UF and counts are
 * stored: never a name, a document number, an address, an IP or a user id.
 */
export interface VaultRecordsTable {
  /** format-text's consultId (or one the vault chose for an id-less workspace call). */
  consult_id: string;
  /** 'YYYY-MM' in America/Sao_Paulo, of timestamp_utc. */
  date_ym: string;
  geo_region: string | null;
  /** When the consultation was first archived; never changes afterwards. */
  timestamp_utc: Date;
  audio_length_sec: number | null;
  /** The specialty profile (medico_familia, nutricionista...), not a person. */
  professional: string | null;
  patient_hash: string | null;
  professional_hash: string | null;
  ip_hash: string | null;
  /** The formatted note, scrubbed. */
  transcript: string;
  raw_transcript: string | null;
  edited_transcript: string | null;
  transcript_teaser: string;
  /** HMAC of the formatted note: how an id-less workspace call finds its record. */
  content_key: string;
  /** The consult.formatted.v1 event was applied (its fields are authoritative). */
  has_event: boolean;
  /** The workspace call was applied. */
  has_client: boolean;
  /** The id was chosen by the vault (id-less call); the event re-keys the record to its id. */
  provisional_id: boolean;
  /** geo_region came from the workspace's explicit uf (the texts never override it). */
  geo_explicit: boolean;
  /** The workspace's id of the dictation: one record per transcription, however often formatted. */
  transcription_id: string | null;
  /**
   * SHA-256 of the secret answered to the workspace call that created (or first claimed) the
   * record; a later public call changes the record only with it or from the owner's session.
   */
  edit_secret_hash: Buffer | null;
  updated_at: Generated<Date>;
}

/** The scrubbed parts of a dictation formatted in parts; the record holds them joined, in order. */
export interface VaultRecordPartsTable {
  transcription_id: string;
  part: number;
  transcript: string;
  raw_transcript: string | null;
}

/** Records per (month, UF); '' stands for no UF. Kept in the writing transactions: exact counts. */
export interface VaultCountsTable {
  date_ym: string;
  geo_region: string;
  record_count: number;
}

export interface VaultDatabase {
  vault_records: VaultRecordsTable;
  vault_counts: VaultCountsTable;
  vault_record_parts: VaultRecordPartsTable;
}

export type VaultRecordRow = Selectable<VaultRecordsTable>;

/** The vault database handle itself (transactions start here): our tables plus the kit's outbox. */
export type VaultKysely = Kysely<VaultDatabase & KitTables>;
/** What repositories take first: the database or a transaction. */
export type VaultDb = VaultKysely | Transaction<VaultDatabase & KitTables>;
