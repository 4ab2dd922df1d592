import { DocumentMessages, DocumentsRoutes } from '@pv/contracts';
import { addressKey, type Principal, RateLimiter } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DocumentsConfig } from '../config.js';

/** The families of work an anonymous visitor is limited on, each with its own hourly count. */
export type AnonymousFamily = 'documents' | 'prescriptions' | 'pdfs' | 'extraction';

const HOUR = 3_600;

/**
 * Anonymous visitors' hourly limits per address (issue 15): documents, prescriptions (reprocessing
 * included), PDFs and PDF text extraction each cost the server an LLM call, a render or a parse,
 * and a visitor has no plan to count them against. Signed-in users are not limited here: billing's
 * plan limits count their work. The kit's RateLimiter (fixed window in Redis, all replicas).
 */
export class AnonymousLimits {
  private readonly limiters: Record<AnonymousFamily, RateLimiter>;

  constructor(redis: Redis, config: DocumentsConfig, keyPrefix: string) {
    const limiter = (family: AnonymousFamily, points: number, message: string) =>
      new RateLimiter(
        redis,
        {
          name: `anonymous:${family}`,
          points,
          durationSeconds: HOUR,
          message,
          code: 'ANONYMOUS_LIMIT',
        },
        { keyPrefix },
      );
    this.limiters = {
      documents: limiter(
        'documents',
        config.ANON_DOCUMENTS_MAX_PER_HOUR,
        DocumentMessages.anonymousDocumentsLimit,
      ),
      prescriptions: limiter(
        'prescriptions',
        config.ANON_PRESCRIPTIONS_MAX_PER_HOUR,
        DocumentMessages.anonymousPrescriptionsLimit,
      ),
      pdfs: limiter('pdfs', config.ANON_PDFS_MAX_PER_HOUR, DocumentMessages.anonymousPdfsLimit),
      extraction: limiter(
        'extraction',
        config.ANON_EXTRACT_MAX_PER_HOUR,
        DocumentMessages.anonymousExtractionLimit,
      ),
    };
  }

  /** Counts one call of an anonymous caller (429 past the hour's limit); signed-in: nothing. */
  async spend(family: AnonymousFamily, principal: Principal | null, ip: string): Promise<void> {
    if (principal) return;
    await this.limiters[family].consume(addressKey(ip));
  }
}

/** Which family each public route of the service spends from. */
const FAMILY_OF_ROUTE: ReadonlyMap<string, AnonymousFamily> = new Map([
  [DocumentsRoutes.generateDocument.url, 'documents'],
  [DocumentsRoutes.generateTextDocument.url, 'documents'],
  [DocumentsRoutes.hospitalPrescription.url, 'prescriptions'],
  [DocumentsRoutes.ambulatoryPrescription.url, 'prescriptions'],
  [DocumentsRoutes.controlledPrescription.url, 'prescriptions'],
  [DocumentsRoutes.reprocessPrescription.url, 'prescriptions'],
  [DocumentsRoutes.generatePdf.url, 'pdfs'],
  [DocumentsRoutes.hospitalPrescriptionPdf.url, 'pdfs'],
  [DocumentsRoutes.ambulatoryPrescriptionPdf.url, 'pdfs'],
  [DocumentsRoutes.controlledPrescriptionPdf.url, 'pdfs'],
  // A FHIR export is a file that leaves the clinic, as a PDF is (issue 28).
  [DocumentsRoutes.exportFhir.url, 'pdfs'],
  [DocumentsRoutes.extractPdfText.url, 'extraction'],
]);

/**
 * Spends an anonymous call's allowance before its body is validated: a refused or malformed call
 * still made the server parse it, so it counts too.
 */
export function registerAnonymousLimits(app: FastifyInstance, limits: AnonymousLimits): void {
  app.addHook('preValidation', async (request) => {
    const family = FAMILY_OF_ROUTE.get(request.routeOptions.url ?? '');
    if (family) await limits.spend(family, request.principal, request.ip);
  });
}
