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
 * Where signed PDFs are kept: Postgres by default. An S3-compatible store would implement the
 * same three calls (see docs/signature.md).
 */
export interface SignedDocumentStore {
  save(row: SignedDocumentRow): Promise<void>;
  /** The live (not expired) document, or undefined. */
  find(id: string): Promise<{ codeHash: Buffer; pdf: Buffer } | undefined>;
  /** Deletes up to `limit` expired documents; answers how many. */
  purgeExpired(limit: number): Promise<number>;
}

/** The signed_documents table. */
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
        expires_at: row.expiresAt,
      })
      .execute();
  }

  async find(id: string) {
    const row = await this.db
      .selectFrom('signed_documents')
      .select(['code_hash', 'pdf'])
      .where('id', '=', id)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row ? { codeHash: row.code_hash, pdf: row.pdf } : undefined;
  }

  async purgeExpired(limit: number): Promise<number> {
    const result = await sql`
      DELETE FROM signed_documents WHERE id IN (
        SELECT id FROM signed_documents WHERE expires_at <= now() LIMIT ${limit}
      )`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }
}
