import { LlmConfigFields } from '@pv/llm';
import { BaseConfigFields, ConfigError, loadConfig } from '@pv/service-kit/runtime';
import { type Static, Type } from '@sinclair/typebox';

export const DocumentsConfigSchema = Type.Object({
  ...BaseConfigFields,
  ...LlmConfigFields,
  /** Listen port. */
  PORT: Type.Integer({ default: 8083 }),
  /** Database name. */
  DOCUMENTS_DATABASE: Type.String({ default: 'documents' }),
  /** The durable JetStream consumer that keeps the professionals' projection (document headers). */
  DOCUMENTS_CONSUMER: Type.String({
    pattern: '^[A-Za-z0-9_-]+$',
    default: 'documents-professionals',
  }),
  /** The durable JetStream consumer that keeps the document templates (ai.template.changed.v1). */
  DOCUMENTS_TEMPLATES_CONSUMER: Type.String({
    pattern: '^[A-Za-z0-9_-]+$',
    default: 'documents-ai-templates',
  }),
  /** The BullMQ queue between the HTTP service and its pdf-workers. */
  /** Billing's base URL for the monthly PDF quota; unset, PDFs are not metered. */
  BILLING_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** The BullMQ queue between the HTTP service and its pdf-workers. */
  PDF_QUEUE: Type.String({ pattern: '^[a-z0-9-]+$', default: 'pdf' }),
  /** How long a PDF call waits for its job before answering 504 (below the gateway's 120 s). */
  PDF_TIMEOUT_MS: Type.Integer({ minimum: 1_000, default: 60_000 }),
  /** PDFs one pdf-worker renders at once (rendering is CPU-bound: about one per core). */
  PDF_WORKER_CONCURRENCY: Type.Integer({ minimum: 1, default: 2 }),
  /** Lock of a job in a worker; a crashed worker's job is taken over after about this long. */
  PDF_WORKER_LOCK_MS: Type.Integer({ minimum: 500, default: 15_000 }),
  /** Bounds of PDF text extraction (spec: 10 MB, 200 pages, 20 s). */
  EXTRACT_MAX_BYTES: Type.Integer({ minimum: 1, default: 10 * 1024 * 1024 }),
  /** Most pages POST /api/extract-pdf-text reads (413 above). */
  EXTRACT_MAX_PAGES: Type.Integer({ minimum: 1, default: 200 }),
  /** Deadline of one extraction; the worker thread is then terminated (422). */
  EXTRACT_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 20_000 }),
  /** Anonymous visitors' calls per address per hour, by family (signed-in users have plan limits). */
  ANON_DOCUMENTS_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 20 }),
  /** Prescriptions (reprocessing included) an anonymous address may make per hour. */
  ANON_PRESCRIPTIONS_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 20 }),
  /** PDFs an anonymous address may make per hour. */
  ANON_PDFS_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 20 }),
  /** PDF text extractions an anonymous address may make per hour. */
  ANON_EXTRACT_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 10 }),
  /**
   * PDF text extractions one signed-in user may run per hour, Premium included (issue 24: each
   * parse costs up to EXTRACT_TIMEOUT_MS of CPU); free users also have billing's monthly limit.
   */
  EXTRACT_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 30 }),
  /**
   * Key-encryption key of the signing certificates (64 hex characters), held by the service and
   * the pdf-worker; unset, digital signature is off (503). A KMS can replace it (KeyWrapper).
   */
  SIGNING_KEK: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
  /**
   * Issue 23: PEM files (comma-separated) of roots trusted besides the shipped ICP-Brasil ones
   * (tests, development). A PDF signed under one says so on the page.
   */
  SIGNING_EXTRA_TRUST_ROOTS: Type.Optional(Type.String()),
  /** The public origin printed in signed PDFs' QR codes: {PUBLIC_URL}/api/documents/{id}/verify. */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^/]+$', default: 'http://localhost:8080' }),
  /** How long signed PDFs are kept for verification (default 20 years, as clinical records). */
  SIGNED_DOCUMENT_RETENTION_DAYS: Type.Integer({ minimum: 1, default: 7305 }),
  /**
   * Issue 14: signed PDFs in an S3-compatible bucket instead of Postgres (metadata, expiry and
   * the code's hash stay in Postgres). Unset: Postgres. The endpoint is any S3-compatible
   * server's (unset: AWS S3 in the region); the key pair signs requests (SigV4); without one the
   * AWS SDK's default chain (environment, instance or pod role) is asked.
   */
  SIGNED_DOCUMENTS_S3_BUCKET: Type.Optional(
    Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' }),
  ),
  /** Endpoint of any S3-compatible server (MinIO, Ceph, R2...); unset: AWS S3. */
  SIGNED_DOCUMENTS_S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Region the requests are signed for (AWS Signature V4). */
  SIGNED_DOCUMENTS_S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  /**
   * Access key of the bucket (both keys or neither); neither: the AWS SDK's default chain
   * (environment, instance or pod role).
   */
  SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  /** Secret key that signs the requests; only the documents service holds it. */
  SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** endpoint/bucket/key addressing, which most S3-compatible servers (MinIO, Ceph) want. */
  SIGNED_DOCUMENTS_S3_FORCE_PATH_STYLE: Type.Boolean({ default: false }),
  /** Verification calls (verify and file) one address may make per minute. */
  VERIFY_MAX_PER_MINUTE: Type.Integer({ minimum: 1, default: 30 }),
});
export type DocumentsConfig = Static<typeof DocumentsConfigSchema>;

export const loadDocumentsConfig = (env = process.env) => loadConfig(DocumentsConfigSchema, env);

/**
 * The bucket settings, or undefined when signed PDFs stay in Postgres. Read by the HTTP service
 * only (the pdf-worker never touches the bucket, and holds none of its secrets).
 */
export function s3StoreSettingsFrom(config: DocumentsConfig) {
  const bucket = config.SIGNED_DOCUMENTS_S3_BUCKET;
  if (!bucket) return undefined;
  if (
    Boolean(config.SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID) !==
    Boolean(config.SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY)
  )
    throw new ConfigError([
      'SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID and SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY go together: set both or neither',
    ]);
  return {
    bucket,
    region: config.SIGNED_DOCUMENTS_S3_REGION,
    forcePathStyle: config.SIGNED_DOCUMENTS_S3_FORCE_PATH_STYLE,
    timeoutMs: 10_000,
    ...(config.SIGNED_DOCUMENTS_S3_ENDPOINT
      ? { endpoint: config.SIGNED_DOCUMENTS_S3_ENDPOINT }
      : {}),
    ...(config.SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID && config.SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY
      ? {
          accessKeyId: config.SIGNED_DOCUMENTS_S3_ACCESS_KEY_ID,
          secretAccessKey: config.SIGNED_DOCUMENTS_S3_SECRET_ACCESS_KEY,
        }
      : {}),
  };
}
