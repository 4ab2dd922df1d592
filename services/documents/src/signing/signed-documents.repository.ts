import { sql } from 'kysely';
import type { DocumentsKysely } from '../db/schema.js';

export interface SignedDocumentRow {
  id: string;
  userId: string;
  codeHash: Buffer;
  documentType: string;
  pdf: Buffer;
  expiresAt: Date;
}

/**
 * Where signed PDFs are kept: Postgres by default (SignedDocumentsRepository), or an
 * S3-compatible bucket with the metadata still in Postgres (S3SignedDocumentStore), chosen by
 * SIGNED_DOCUMENTS_S3_BUCKET. Either way the expiry and the code's hash live in Postgres.
 */
export interface SignedDocumentStore {
  save(row: SignedDocumentRow): Promise<void>;
  /** The live (not expired) document, or undefined. */
  find(id: string): Promise<{ codeHash: Buffer; pdf: Buffer } | undefined>;
  /** Deletes up to `limit` expired documents (and their bytes); answers how many. */
  purgeExpired(limit: number): Promise<number>;
}

/** The signed_documents table, bytes included. */
export class SignedDocumentsRepository implements SignedDocumentStore {
  constructor(private readonly db: DocumentsKysely) {}

  async save(row: SignedDocumentRow): Promise<void> {
    await this.db
      .insertInto('signed_documents')
      .values({
        id: row.id,
        user_id: row.userId,
        code_hash: row.codeHash,
        document_type: row.documentType,
        pdf: row.pdf,
        object_key: null,
        pdf_sha256: null,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /**
   * A row whose bytes are in a bucket (kept while SIGNED_DOCUMENTS_S3_BUCKET was set) is not
   * found here: configure the bucket again to serve it.
   */
  async find(id: string) {
    const row = await this.db
      .selectFrom('signed_documents')
      .select(['code_hash', 'pdf'])
      .where('id', '=', id)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.pdf ? { codeHash: row.code_hash, pdf: row.pdf } : undefined;
  }

  /** Rows with their bytes in a bucket are left to the bucket's store (it deletes the object). */
  async purgeExpired(limit: number): Promise<number> {
    const result = await sql`
      DELETE FROM signed_documents WHERE id IN (
        SELECT id FROM signed_documents
        WHERE expires_at <= now() AND object_key IS NULL
        LIMIT ${limit}
      )`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }
}
