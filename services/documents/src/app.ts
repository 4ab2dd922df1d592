import multipart from '@fastify/multipart';
import { DocumentMessages, SigningMessages } from '@pv/contracts';
import { LlmClient, llmSettingsFrom } from '@pv/llm';
import { QuotaClient } from '@pv/service-clients';
import { createStandardApp, RateLimiter } from '@pv/service-kit/http';
import type { JobQueue } from '@pv/service-kit/jobs';
import {
  createLlmMetrics,
  createPdfMetrics,
  registerQueueMetrics,
  type ServiceRuntime,
} from '@pv/service-kit/runtime';
import { readExtraTrustRoots } from '@pv/signing';
import type { FastifyInstance } from 'fastify';
import { type DocumentsConfig, s3StoreSettingsFrom } from './config.js';
import type { DocumentsDatabase, DocumentsKysely } from './db/schema.js';
import { PdfTextExtractor } from './extraction/extract.js';
import { FhirExportService } from './fhir/fhir-export.service.js';
import { Authoring } from './generation/authoring.js';
import { PdfsService } from './generation/pdfs.service.js';
import { PrescriptionsService } from './generation/prescriptions.service.js';
import { TextDocumentsService } from './generation/text-documents.service.js';
import { AnonymousLimits, registerAnonymousLimits } from './limits/anonymous-limits.js';
import { findProfessional } from './professionals/professional.repository.js';
import { documentRoutes } from './routes/documents.js';
import { extractRoutes } from './routes/extract.js';
import { signingRoutes } from './routes/signing.js';
import { CertificatesRepository } from './signing/certificates.repository.js';
import { CertificatesService } from './signing/certificates.service.js';
import { createS3Client, S3SignedDocumentStore } from './signing/s3-signed-documents.store.js';
import {
  type SignedDocumentStore,
  SignedDocumentsRepository,
} from './signing/signed-documents.repository.js';
import { SignedDocumentsService } from './signing/signed-documents.service.js';
import { keyWrapperFrom } from './signing/signing-order.js';

export { startAiTemplateConsumer } from './events/ai-template-consumer.js';
export { startProfessionalConsumer } from './events/professional-consumer.js';
export { RenderPdfJob } from './pdf/jobs.js';
export { pdfHandler, startPdfWorker } from './workers/pdf-handlers.js';

export interface DocumentsAppOptions {
  config: DocumentsConfig;
  runtime: ServiceRuntime<DocumentsDatabase>;
  /** The producing side of the PDF queue (the caller closes it). */
  queue: JobQueue;
  logger?: boolean;
  /**
   * Prefix of the service's own Redis keys (the anonymous limits, the verification limit); tests
   * give each their own, so files running together never share a counter.
   */
  redisKeyPrefix?: string;
  /**
   * PEM roots trusted besides ICP-Brasil's (tests' own CA); default: SIGNING_EXTRA_TRUST_ROOTS.
   * A certificate under one signs, and the page says it is not ICP-Brasil (issue 23).
   */
  signingExtraTrustRoots?: readonly string[];
}

/**
 * The documents service's HTTP app, built from injected dependencies; it never listens. Text
 * documents and prescriptions are written here (with the LLM, or offline); PDFs are rendered by
 * the pdf-worker.
 */
export async function buildDocumentsApp(options: DocumentsAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const app = await createStandardApp({
    name: 'documents',
    config,
    runtime,
    logger: options.logger,
  });
  registerAnonymousLimits(
    app,
    new AnonymousLimits(
      runtime.redis,
      config,
      options.redisKeyPrefix ?? `${config.REDIS_KEY_PREFIX}documents:`,
    ),
  );
  await app.register(multipart, {
    // One file per request; the file limit is the spec's 10 MB (413 past it).
    limits: { fileSize: config.EXTRACT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const extractor = new PdfTextExtractor({
    maxBytes: config.EXTRACT_MAX_BYTES,
    maxPages: config.EXTRACT_MAX_PAGES,
    timeoutMs: config.EXTRACT_TIMEOUT_MS,
  });
  app.addHook('onClose', () => extractor.close());
  const quota = config.BILLING_URL ? new QuotaClient(config.BILLING_URL, runtime.log) : undefined;
  const db = runtime.db as DocumentsKysely;
  const keys = keyWrapperFrom(config);
  const signing = {
    certificates: new CertificatesService({
      repository: new CertificatesRepository(db),
      keys,
      extraTrustRoots:
        options.signingExtraTrustRoots ?? readExtraTrustRoots(config.SIGNING_EXTRA_TRUST_ROOTS),
      verifiedCpfOf: async (userId) => (await findProfessional(db, userId))?.verified_cpf ?? null,
      ...(quota ? { quota } : {}),
    }),
    documents: new SignedDocumentsService({
      store: await signedDocumentStore(config, db, app),
      keys,
      publicUrl: config.PUBLIC_URL,
      retentionDays: config.SIGNED_DOCUMENT_RETENTION_DAYS,
      ...(quota ? { quota } : {}),
    }),
  };
  const authoring = new Authoring({
    db,
    relay: runtime.relay,
    llm: new LlmClient(llmSettingsFrom(config), runtime.log),
    ...(quota ? { quota } : {}),
    llmMetrics: createLlmMetrics(app.metrics),
  });
  documentRoutes(app, {
    fhir: new FhirExportService(authoring, {
      db,
      publicUrl: config.PUBLIC_URL,
      ...(quota ? { quota } : {}),
    }),
    documents: new TextDocumentsService(authoring),
    prescriptions: new PrescriptionsService(authoring),
    pdfs: new PdfsService(authoring, {
      queue: options.queue,
      pdfTimeoutMs: config.PDF_TIMEOUT_MS,
      ...(quota ? { quota } : {}),
      renderMetrics: createPdfMetrics(app.metrics),
      signing,
    }),
  });
  registerQueueMetrics(app.metrics, options.queue);
  extractRoutes(app, extractor, {
    userHourly: new RateLimiter(
      runtime.redis,
      {
        name: 'extraction:user',
        points: config.EXTRACT_MAX_PER_HOUR,
        durationSeconds: 3_600,
        message: DocumentMessages.extractionHourlyLimit,
        code: 'EXTRACTION_RATE_LIMITED',
      },
      { keyPrefix: options.redisKeyPrefix ?? 'pv:documents:' },
    ),
    ...(quota ? { quota } : {}),
  });
  signingRoutes(app, {
    ...signing,
    verifyLimiter: new RateLimiter(
      runtime.redis,
      {
        name: 'verify:ip',
        points: config.VERIFY_MAX_PER_MINUTE,
        durationSeconds: 60,
        message: SigningMessages.tooManyVerifications,
      },
      { keyPrefix: options.redisKeyPrefix ?? `${config.REDIS_KEY_PREFIX}documents:` },
    ),
  });
  return app;
}

/** Postgres, or the S3-compatible bucket of SIGNED_DOCUMENTS_S3_BUCKET (its client closed with the app). */
async function signedDocumentStore(
  config: DocumentsConfig,
  db: DocumentsKysely,
  app: FastifyInstance,
): Promise<SignedDocumentStore> {
  const settings = s3StoreSettingsFrom(config);
  if (!settings) return new SignedDocumentsRepository(db);
  const s3 = await createS3Client(settings);
  app.addHook('onClose', async () => s3.destroy());
  app.log.info(
    { bucket: settings.bucket, endpoint: settings.endpoint ?? 'aws' },
    'signed documents kept in an S3-compatible bucket',
  );
  return new S3SignedDocumentStore(db, s3, settings.bucket, app.log);
}
