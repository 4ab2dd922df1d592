import multipart from '@fastify/multipart';
import { LlmClient, llmSettingsFrom } from '@pv/llm';
import {
  createServiceApp,
  type JobQueue,
  type KitTables,
  QuotaClient,
  type ServiceRuntime,
  standardAppOptions,
} from '@pv/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DocumentsConfig } from './config.js';
import type { DocumentsDatabase } from './db/schema.js';
import { DocumentsService } from './documents/documents.service.js';
import { PdfTextExtractor } from './extraction/extract.js';
import { documentRoutes } from './routes/documents.js';
import { extractRoutes } from './routes/extract.js';

export { startPdfWorker } from './pdf/worker-process.js';

export interface DocumentsAppOptions {
  config: DocumentsConfig;
  runtime: ServiceRuntime<DocumentsDatabase>;
  /** The producing side of the PDF queue (the caller closes it). */
  queue: JobQueue;
  logger?: boolean;
}

/** The documents service's HTTP app, built from injected dependencies; it never listens. */
export async function buildDocumentsApp(options: DocumentsAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const app = await createServiceApp(
    standardAppOptions('documents', config, runtime, options.logger),
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
  documentRoutes(
    app,
    new DocumentsService({
      db: runtime.db as unknown as Kysely<KitTables>,
      relay: runtime.relay,
      queue: options.queue,
      llm: new LlmClient(llmSettingsFrom(config), runtime.log),
      pdfTimeoutMs: config.PDF_TIMEOUT_MS,
      ...(config.BILLING_URL ? { quota: new QuotaClient(config.BILLING_URL, runtime.log) } : {}),
    }),
  );
  extractRoutes(app, extractor);
  return app;
}
