import { changeStoredBytes, publishStoredBytes } from '@pv/service-kit';
import { sql } from 'kysely';
import type { DocumentsDb, DocumentsKysely } from '../db/schema.js';

/** The user's live signed PDFs, in bytes (what billing counts as their storage). */
async function signedBytesOf(db: DocumentsDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('signed_documents')
    .select(sql<string>`coalesce(sum(octet_length(pdf)), 0)`.as('bytes'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

const storageOf = (userId: string) => ({
  userId,
  source: 'signed-documents' as const,
  measure: (trx: DocumentsDb) => signedBytesOf(trx, userId),
});

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
    await changeStoredBytes(this.db, storageOf(row.userId), (trx) =>
      trx
        .insertInto('signed_documents')
        .values({
          id: row.id,
          user_id: row.userId,
          code_hash: row.codeHash,
          document_type: row.documentType,
          pdf: row.pdf,
          expires_at: row.expiresAt,
        })
        .execute(),
    );
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

  /** Each owner of a purged document gets its new storage total reported. */
  async purgeExpired(limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ user_id: string }>`
        DELETE FROM signed_documents WHERE id IN (
          SELECT id FROM signed_documents WHERE expires_at <= now() LIMIT ${limit}
        ) RETURNING user_id`.execute(trx);
      for (const userId of new Set(rows.map((row) => row.user_id)))
        await publishStoredBytes(trx, storageOf(userId));
      return rows.length;
    });
  }
}
