import { createHash, timingSafeEqual } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { SigningMessages } from '@pv/contracts';
import { AppError } from '@pv/service-kit/http';
import { sql } from 'kysely';
import type { DocumentsKysely } from '../db/schema.js';
import {
  insertSignedDocument,
  publishStoredBytesOf,
  type SignedDocumentRow,
  type SignedDocumentStore,
  sealingOf,
} from './signed-documents.repository.js';

/** SIGNED_DOCUMENTS_S3_*: where the bucket is and how to sign for it (SigV4). */
export interface S3StoreSettings {
  /** Any S3-compatible endpoint (MinIO, Ceph, R2...); unset: AWS S3 of `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Both or neither; neither: the AWS SDK's default chain (environment, IAM role...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (endpoint/bucket/key), which most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Bound of each attempt of a bucket call (the SDK tries up to 3 times). */
  timeoutMs: number;
}

interface Log {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** Objects of this store live under one prefix, so a bucket can be shared with other data. */
export const SIGNED_OBJECT_PREFIX = 'signed-documents/';
// `.sealed`: the object is the PDF under its data key (AES-GCM), not a PDF; documents kept before
// the encryption were `{id}.pdf` and are re-encrypted to this name by the migration.
export const objectKey = (id: string) => `${SIGNED_OBJECT_PREFIX}${id}.sealed`;
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

const storeUnavailable = () =>
  new AppError(503, 'SIGNED_STORE_UNAVAILABLE', SigningMessages.storeUnavailable);

/**
 * The AWS SDK client for the settings, loaded only when a bucket is configured (the SDK is a
 * sizeable import the Postgres default never pays for). Checksums only where S3 requires them:
 * many S3-compatible servers refuse the SDK's newer default trailers; the SigV4 payload hash
 * (SHA-256 of the body, signed) still protects every upload.
 */
export async function createS3Client(settings: S3StoreSettings): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  const { accessKeyId, secretAccessKey } = settings;
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: Math.min(settings.timeoutMs, 5_000),
      requestTimeout: settings.timeoutMs,
      // Without it the SDK only warns past requestTimeout and waits on: a bucket that stops
      // answering would hold the request, and a shutdown draining it, for ever.
      throwOnRequestTimeout: true,
    },
  });
}

/**
 * Signed PDFs in an S3-compatible bucket, their metadata in Postgres: the row (owner, SHA-256 of
 * the verification code, type, expiry, the object's key and SHA-256) is written after the object
 * and read before it, so expiry is decided in one place (the verify route answers 404 past it
 * whatever the bucket holds) and a missing row means the object is not served. Expired documents
 * are purged object first, row second: an object whose delete failed keeps its row, and a later
 * purge tries again. Rows kept in Postgres before the bucket was configured are still served from
 * their `pdf` column.
 */
export class S3SignedDocumentStore implements SignedDocumentStore {
  constructor(
    private readonly db: DocumentsKysely,
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly log: Log,
  ) {}

  async save(row: SignedDocumentRow): Promise<void> {
    const { PutObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    const key = objectKey(row.id);
    try {
      await this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: row.pdf,
          ContentType: 'application/octet-stream',
          // For the bucket's operators (lifecycle rules, audits); Postgres decides expiry.
          Metadata: {
            'expires-at': row.expiresAt.toISOString(),
            'document-type': row.documentType,
          },
        }),
      );
    } catch (error) {
      this.log.error({ err: errorName(error), documentId: row.id }, 'signed document not stored');
      throw storeUnavailable();
    }
    try {
      await insertSignedDocument(this.db, row, {
        pdf: null,
        object_key: key,
        pdf_sha256: sha256(row.pdf),
        pdf_size: row.pdf.length,
      });
    } catch (error) {
      // No row, no verification: the object would never be served, so it goes too.
      await this.s3
        .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
        .catch(() => undefined);
      throw error;
    }
  }

  async find(id: string) {
    const row = await this.db
      .selectFrom('signed_documents')
      .select([
        'code_hash',
        'user_id',
        'pdf',
        'object_key',
        'pdf_sha256',
        'key_id',
        'wrapped_key',
        'nonce',
      ])
      .where('id', '=', id)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (!row) return undefined;
    const found = { codeHash: row.code_hash, userId: row.user_id, sealing: sealingOf(row) };
    if (row.pdf) return { ...found, pdf: row.pdf };
    if (!row.object_key || !row.pdf_sha256) return undefined;
    const pdf = await this.read(id, row.object_key);
    if (!pdf) return undefined;
    const digest = sha256(pdf);
    if (digest.length !== row.pdf_sha256.length || !timingSafeEqual(digest, row.pdf_sha256)) {
      this.log.error(
        { documentId: id },
        'signed document in the bucket differs from the one issued',
      );
      throw storeUnavailable();
    }
    return { ...found, pdf };
  }

  private async read(id: string, key: string): Promise<Buffer | undefined> {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    try {
      const answer = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
    } catch (error) {
      if (errorName(error) === 'NoSuchKey') {
        this.log.warn({ documentId: id }, 'signed document row without its object');
        return undefined;
      }
      this.log.error({ err: errorName(error), documentId: id }, 'signed document not read');
      throw storeUnavailable();
    }
  }

  async purgeExpired(limit: number): Promise<number> {
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    const expired = await this.db
      .selectFrom('signed_documents')
      .select(['id', 'object_key'])
      .where('expires_at', '<=', sql<Date>`now()`)
      .limit(limit)
      .execute();
    const gone: string[] = [];
    for (const row of expired) {
      if (row.object_key) {
        try {
          // S3 answers 204 for a key that is already gone: a retried purge succeeds.
          await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: row.object_key }));
        } catch (error) {
          this.log.warn(
            { err: errorName(error), documentId: row.id },
            'expired object not deleted',
          );
          continue;
        }
      }
      gone.push(row.id);
    }
    if (gone.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('signed_documents')
        .where('id', 'in', gone)
        .returning('user_id')
        .execute();
      await publishStoredBytesOf(trx, deleted);
      return deleted.length;
    });
  }
}

/** The S3 error code (NoSuchKey, AccessDenied...) or the error's name; never a body. */
function errorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error) return String(error.name);
  return 'unknown';
}

/** The bucket's bytes for the re-encrypting migration (get, put, delete by key). */
export function bucketObjects(s3: S3Client, bucket: string) {
  return {
    async get(key: string): Promise<Buffer | undefined> {
      const { GetObjectCommand } = await import('@aws-sdk/client-s3');
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if (errorName(error) === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async put(key: string, bytes: Buffer): Promise<void> {
      const { PutObjectCommand } = await import('@aws-sdk/client-s3');
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async delete(key: string): Promise<void> {
      const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
