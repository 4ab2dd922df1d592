import { type Static, Type } from '@sinclair/typebox';
import { DateTimeSchema, Nullable, PaginationSchema, UuidSchema } from './common.js';
import {
  BRAZILIAN_UFS,
  VAULT_EXPORT_DEFAULT_LIMIT,
  VAULT_EXPORT_MAX_LIMIT,
  VAULT_MAX_TEXT_CHARS,
  VAULT_SESSION_CREDENTIAL,
  VaultMessages,
} from './constants/vault.js';
import { defineRoute } from './route.js';

/**
 * Contracts of the vault service: the pseudonymised transcript vault (issue 6;
 * docs/anonymisation.md).
 */

const tags = ['vault'];
const adminTags = ['vault', 'admin'];

const VaultTextSchema = Type.String({
  maxLength: VAULT_MAX_TEXT_CHARS,
  errorMessage: { default: 'Envie o texto como string.', maxLength: VaultMessages.textTooLong },
});

/**
 * What the workspace sends after a successful format. `consultId` (optional, ours) is
 * the id format-text returned: with it the call and the consult.formatted.v1 event land in the same
 * record whatever their order. `uf` (optional, ours) is the professional's state, for geo_region.
 */
export const ArchiveConsultBodySchema = Type.Object({
  consultId: Type.Optional(
    Nullable(Type.String({ format: 'uuid', errorMessage: VaultMessages.invalidConsultId })),
  ),
  /**
   * Ours: the workspace's id of the dictation (the `transcription.id` of its format requests). The
   * record of that transcription is updated (the clinician's edited note, a new format) instead
   * of a new one being made.
   */
  transcriptionId: Type.Optional(
    Nullable(Type.String({ format: 'uuid', errorMessage: VaultMessages.invalidTranscriptionId })),
  ),
  transcript: Type.Optional(Nullable(VaultTextSchema)),
  rawTranscript: Type.Optional(Nullable(VaultTextSchema)),
  formattedText: Type.Optional(Nullable(VaultTextSchema)),
  editedText: Type.Optional(Nullable(VaultTextSchema)),
  professional: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  audioLengthSec: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 86_400 }))),
  uf: Type.Optional(
    Nullable(
      Type.Union(
        BRAZILIAN_UFS.map((uf) => Type.Literal(uf)),
        { errorMessage: VaultMessages.invalidUf },
      ),
    ),
  ),
  /**
   * The record's secret, answered as `edit_secret` when the workspace's call created it: a later
   * call that changes the record carries it (or comes from the owner's session).
   */
  editSecret: Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        maxLength: 100,
        pattern: '^[A-Za-z0-9_-]+$',
        errorMessage: VaultMessages.invalidEditSecret,
      }),
    ),
  ),
});
export type ArchiveConsultBody = Static<typeof ArchiveConsultBodySchema>;

export const ArchiveConsultResponseSchema = Type.Object({
  consult_id: UuidSchema,
  message: Type.String(),
  /** Only when this call created the record: what later calls send as `editSecret`. */
  edit_secret: Type.Optional(Type.String()),
});
export type ArchiveConsultResponse = Static<typeof ArchiveConsultResponseSchema>;

export const VaultLoginBodySchema = Type.Object({
  adminKey: Type.String({
    minLength: 1,
    maxLength: 1_000,
    pattern: '\\S',
    errorMessage: VaultMessages.adminKeyRequired,
  }),
});
export type VaultLoginBody = Static<typeof VaultLoginBodySchema>;

export const VaultLoginResponseSchema = Type.Object({
  message: Type.String(),
  /** When the unlock ends; the console locks itself again then (or on any 401). */
  expiresAt: DateTimeSchema,
  expiresInSeconds: Type.Integer({ minimum: 1 }),
});
export type VaultLoginResponse = Static<typeof VaultLoginResponseSchema>;

/** A record as the list shows it (no full texts). */
export const VaultRecordSummarySchema = Type.Object({
  consult_id: UuidSchema,
  /** 'YYYY-MM' (America/Sao_Paulo), never a day. */
  date_ym: Type.String(),
  /** A UF or null; never an address or an IP. */
  geo_region: Nullable(Type.String()),
  transcript_teaser: Type.String(),
  timestamp_utc: DateTimeSchema,
  audio_length_sec: Nullable(Type.Number()),
  professional: Nullable(Type.String()),
  patient_hash: Nullable(Type.String()),
  professional_hash: Nullable(Type.String()),
  ip_hash: Nullable(Type.String()),
});
export type VaultRecordSummary = Static<typeof VaultRecordSummarySchema>;

/** The full record ('Ver'). */
export const VaultRecordSchema = Type.Intersect([
  VaultRecordSummarySchema,
  Type.Object({
    /** The formatted AI output, anonymised. */
    transcript: Type.String(),
    /** The original dictation, anonymised (optional in the spec). */
    raw_transcript: Nullable(Type.String()),
    /** The clinician's edited note when the workspace sent one, anonymised. */
    edited_transcript: Nullable(Type.String()),
  }),
]);
export type VaultRecord = Static<typeof VaultRecordSchema>;

export const VaultRecordsQuerySchema = Type.Object({
  page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1_000_000,
      default: 1,
      errorMessage: VaultMessages.invalidPage,
    }),
  ),
  /** Empty = every month. */
  ym: Type.Optional(
    Type.String({
      pattern: '^(|\\d{4}-(0[1-9]|1[0-2]))$',
      errorMessage: VaultMessages.invalidMonth,
    }),
  ),
  /** Empty or 'all' = every region. */
  uf: Type.Optional(
    Type.Union(
      [Type.Literal(''), Type.Literal('all'), ...BRAZILIAN_UFS.map((uf) => Type.Literal(uf))],
      { errorMessage: VaultMessages.invalidUf },
    ),
  ),
});
export type VaultRecordsQuery = Static<typeof VaultRecordsQuerySchema>;

export const VaultRecordsPageSchema = Type.Object({
  records: Type.Array(VaultRecordSummarySchema),
  pagination: PaginationSchema,
});
export type VaultRecordsPage = Static<typeof VaultRecordsPageSchema>;

export const VaultRecordParamsSchema = Type.Object({
  id: Type.String({ format: 'uuid', errorMessage: VaultMessages.recordNotFound }),
});

export const VaultDeleteAllQuerySchema = Type.Object({
  confirm: Type.Optional(Type.String()),
});

export const VaultDeletedSchema = Type.Object({
  message: Type.String(),
  deletedCount: Type.Integer({ minimum: 0 }),
});
export type VaultDeleted = Static<typeof VaultDeletedSchema>;

export const VaultExportQuerySchema = Type.Object({
  format: Type.Optional(Type.Literal('csv', { errorMessage: VaultMessages.exportFormat })),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: VAULT_EXPORT_MAX_LIMIT,
      default: VAULT_EXPORT_DEFAULT_LIMIT,
      errorMessage: VaultMessages.exportLimit,
    }),
  ),
  ym: VaultRecordsQuerySchema.properties.ym,
  uf: VaultRecordsQuerySchema.properties.uf,
});
export type VaultExportQuery = Static<typeof VaultExportQuerySchema>;

export const VaultRoutes = {
  archiveConsult: defineRoute({
    method: 'POST',
    url: '/api/transcript-vault/consult',
    access: 'public',
    summary:
      'Archive a formatted consultation, anonymised; merged with its consult.formatted.v1 event into one record',
    tags,
    body: ArchiveConsultBodySchema,
    response: { 200: ArchiveConsultResponseSchema, 201: ArchiveConsultResponseSchema },
  }),
  login: defineRoute({
    method: 'POST',
    url: '/api/admin/transcript-vault/login',
    access: 'admin',
    summary:
      'Unlock the vault with its separate admin key: a 15-minute vault session in an httpOnly cookie',
    tags: adminTags,
    body: VaultLoginBodySchema,
    response: { 200: VaultLoginResponseSchema },
  }),
  listRecords: defineRoute({
    method: 'GET',
    url: '/api/admin/transcript-vault/records',
    access: 'admin',
    extraCredential: VAULT_SESSION_CREDENTIAL,
    summary: 'Anonymised records, newest first, 20 per page, filtered by month (ym) and UF',
    tags: adminTags,
    querystring: VaultRecordsQuerySchema,
    response: { 200: VaultRecordsPageSchema },
  }),
  getRecord: defineRoute({
    method: 'GET',
    url: '/api/admin/transcript-vault/record/:id',
    access: 'admin',
    extraCredential: VAULT_SESSION_CREDENTIAL,
    summary: 'One full anonymised record',
    tags: adminTags,
    params: VaultRecordParamsSchema,
    response: { 200: VaultRecordSchema },
  }),
  deleteRecord: defineRoute({
    method: 'DELETE',
    url: '/api/admin/transcript-vault/record/:id',
    access: 'admin',
    extraCredential: VAULT_SESSION_CREDENTIAL,
    summary: 'Delete one record',
    tags: adminTags,
    params: VaultRecordParamsSchema,
    response: { 200: VaultDeletedSchema },
  }),
  deleteAllRecords: defineRoute({
    method: 'DELETE',
    url: '/api/admin/transcript-vault/records',
    access: 'admin',
    extraCredential: VAULT_SESSION_CREDENTIAL,
    summary: 'Delete every record (only with confirm=true)',
    tags: adminTags,
    querystring: VaultDeleteAllQuerySchema,
    response: { 200: VaultDeletedSchema },
  }),
  exportRecords: defineRoute({
    method: 'GET',
    url: '/api/admin/transcript-vault/export',
    access: 'admin',
    extraCredential: VAULT_SESSION_CREDENTIAL,
    summary: 'Download the newest records as CSV (streamed; limit 1..10000, default 1000)',
    tags: adminTags,
    querystring: VaultExportQuerySchema,
    response: {
      200: Type.String({ description: 'text/csv; charset=utf-8 (UTF-8 with BOM, RFC 4180)' }),
    },
  }),
} as const;
