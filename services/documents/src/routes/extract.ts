import { DocumentMessages, DocumentsRoutes } from '@pv/contracts';
import { forwardedCredentials, type QuotaClient } from '@pv/service-clients';
import { AppError, badRequest, type RateLimiter, registerRoute } from '@pv/service-kit/http';
import type { FastifyInstance } from 'fastify';
import type { PdfTextExtractor } from '../extraction/extract.js';

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);

/**
 * PDF text extraction. Visitors spend their per-address hourly budget (anonymous-limits); a
 * signed-in user spends an hourly one of their own (`userHourly`, Premium too) and, through
 * billing, the plan's monthly extractions (issue 24: counted when allowed, fails closed).
 */
export function extractRoutes(
  app: FastifyInstance,
  extractor: PdfTextExtractor,
  limits: { userHourly: RateLimiter; quota?: QuotaClient },
) {
  registerRoute(app, DocumentsRoutes.extractPdfText, async (request) => {
    if (request.principal) await limits.userHourly.consume(request.principal.userId);
    if (!request.isMultipart()) throw unsupported(DocumentMessages.notMultipart);
    const file = await request.file();
    if (!file) throw badRequest(DocumentMessages.noFile, 'NO_FILE');
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'PDF_TOO_LARGE', DocumentMessages.pdfTooLarge);
      throw error;
    }
    // The size limit can also end the stream quietly, leaving a truncated file.
    if (file.file.truncated) throw new AppError(413, 'PDF_TOO_LARGE', DocumentMessages.pdfTooLarge);
    if (data.byteLength === 0) throw badRequest(DocumentMessages.noFile, 'NO_FILE');
    // A file was sent: it counts, even if it turns out not to be a readable PDF (it was parsed).
    if (request.principal) await limits.quota?.consume('extraction', forwardedCredentials(request));
    return extractor.extract(data);
  });
}
