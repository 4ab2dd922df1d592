import { DocumentMessages, DocumentsRoutes } from '@pv/contracts';
import { AppError, badRequest, registerRoute } from '@pv/service-kit';
import type { FastifyInstance } from 'fastify';
import type { PdfTextExtractor } from '../extraction/extract.js';

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);

export function extractRoutes(app: FastifyInstance, extractor: PdfTextExtractor) {
  registerRoute(app, DocumentsRoutes.extractPdfText, async (request) => {
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
    return extractor.extract(data);
  });
}
