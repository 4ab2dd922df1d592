import { changeStoredBytes, publishStoredBytes } from '@pv/service-clients';
import type { KitTables } from '@pv/service-kit/events';
import { sql, type Transaction } from 'kysely';
import type { DocumentsDatabase, DocumentsDb, DocumentsKysely } from '../db/schema.js';

/** The user's signed PDFs, in bytes, in Postgres or in a bucket (what billing counts as storage). */
async function signedBytesOf(db: DocumentsDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('signed_documents')
    .select(sql<string>`coalesce(sum(coalesce(octet_length(pdf), pdf_size, 0)), 0)`.as('bytes'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** What billing counts as the user's signed documents, for changeStoredBytes/publishStoredBytes. */
export const storageOf = (userId: string) => ({
  userId,
  source: 'signed-documents' as const,
  measure: (trx: DocumentsDb) => signedBytesOf(trx, userId),
});

/** After a purge: each owner of a deleted document gets its new storage total reported. */
export async function publishStoredBytesOf(
  trx: Transaction<DocumentsDatabase & KitTables>,
  deleted: readonly { user_id: string }[],
): Promise<void> {
  for (const userId of new Set(deleted.map((row) => row.user_id)))
    await publishStoredBytes(trx, storageOf(userId));
}

/** How a kept PDF is sealed (its data key, wrapped by the KEK); the bytes are the ciphertext. */
export interface PdfSealing {
  keyId: string;
  wrappedKey: Buffer;
  nonce: Buffer;
}

export interface SignedDocumentRow {
  id: string;
  userId: string;
  codeHash: Buffer;
  documentType: string;
  /** The signed PDF sealed under `sealing` (AES-256-GCM bound to owner and id), never in clear. */
  pdf: Buffer;
  sealing: PdfSealing;
  expiresAt: Date;
}

/** A live document as a store answers it: the bytes still sealed. */
export interface FoundSignedDocument {
  codeHash: Buffer;
  userId: string;
  pdf: Buffer;
  sealing: PdfSealing;
}

/** The columns of a row's sealing, and back. */
export const sealingColumns = (sealing: PdfSealing) => ({
  key_id: sealing.keyId,
  wrapped_key: sealing.wrappedKey,
  nonce: sealing.nonce,
});
export const sealingOf = (row: { key_id: string; wrapped_key: Buffer; nonce: Buffer }) => ({
  keyId: row.key_id,
  wrappedKey: row.wrapped_key,
  nonce: row.nonce,
});

/**
 * Where signed PDFs are kept: Postgres by default (SignedDocumentsRepository), or an
 * S3-compatible bucket with the metadata still in Postgres (S3SignedDocumentStore), chosen by
 * SIGNED_DOCUMENTS_S3_BUCKET. Either way the expiry and the code's hash live in Postgres.
 */
export interface SignedDocumentStore {
  save(row: SignedDocumentRow): Promise<void>;
  /** The live (not expired) document, or undefined. */
  find(id: string): Promise<FoundSignedDocument | undefined>;
  /** Deletes up to `limit` expired documents (and their bytes); answers how many. */
  purgeExpired(limit: number): Promise<number>;
}

/**
 * Inserts a signed document's row, its bytes counted against the owner's storage; `bytes` says
 * where they are: in the row (`pdf`) or in a bucket (`object_key`, with their hash and size).
 */
export async function insertSignedDocument(
  db: DocumentsKysely,
  row: SignedDocumentRow,
  bytes: {
    pdf: Buffer | null;
    object_key: string | null;
    pdf_sha256: Buffer | null;
    pdf_size: number | null;
  },
): Promise<void> {
  await changeStoredBytes(db, storageOf(row.userId), (trx) =>
    trx
      .insertInto('signed_documents')
      .values({
        id: row.id,
        user_id: row.userId,
        code_hash: row.codeHash,
        document_type: row.documentType,
        ...sealingColumns(row.sealing),
        ...bytes,
        expires_at: row.expiresAt,
      })
      .execute(),
  );
}

/** The signed_documents table, bytes included. */
export class SignedDocumentsRepository implements SignedDocumentStore {
  constructor(private readonly db: DocumentsKysely) {}

  async save(row: SignedDocumentRow): Promise<void> {
    await insertSignedDocument(this.db, row, {
      pdf: row.pdf,
      object_key: null,
      pdf_sha256: null,
      pdf_size: null,
    });
  }

  /**
   * A row whose bytes are in a bucket (kept while SIGNED_DOCUMENTS_S3_BUCKET was set) is not
   * found here: configure the bucket again to serve it.
   */
  async find(id: string) {
    const row = await this.db
      .selectFrom('signed_documents')
      .select(['code_hash', 'user_id', 'pdf', 'key_id', 'wrapped_key', 'nonce'])
      .where('id', '=', id)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.pdf
      ? { codeHash: row.code_hash, userId: row.user_id, pdf: row.pdf, sealing: sealingOf(row) }
      : undefined;
  }

  /**
   * Rows with their bytes in a bucket are left to the bucket's store (it deletes the object).
   * Each owner of a purged document gets its new storage total reported.
   */
  async purgeExpired(limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ user_id: string }>`
        DELETE FROM signed_documents WHERE id IN (
          SELECT id FROM signed_documents
          WHERE expires_at <= now() AND object_key IS NULL
          LIMIT ${limit}
        ) RETURNING user_id`.execute(trx);
      await publishStoredBytesOf(trx, rows);
      return rows.length;
    });
  }
}
