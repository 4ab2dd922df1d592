import { DEFAULT_SHUTDOWN_GRACE_MS, handleJob, startWorker } from '@pv/service-kit';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import pino from 'pino';
import type { DocumentsConfig } from '../config.js';
import { RenderPdfJob, type RenderPdfPayload } from '../pdf/jobs.js';
import { ambulatoryPdf, controlledPdf, documentPdf, hospitalPdf } from '../pdf/layouts.js';
import { renderPdf } from '../pdf/render.js';

/** The layout of each kind of PDF. */
export function definitionFor(payload: RenderPdfPayload): TDocumentDefinitions {
  switch (payload.kind) {
    case 'document':
      return documentPdf(payload);
    case 'hospital':
      return hospitalPdf(payload);
    case 'ambulatory':
      return ambulatoryPdf(payload);
    case 'controlled':
      return controlledPdf(payload);
  }
}

/** Renders one PDF with pdfmake; runs in the pdf-worker process. */
export const renderPdfHandler = handleJob(RenderPdfJob, async (payload) => {
  const pdf = await renderPdf(definitionFor(payload));
  return { pdfBase64: pdf.toString('base64') };
});

/** Starts consuming the PDF queue; resolves once the worker is connected. */
export async function startPdfWorker(config: DocumentsConfig) {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'pdf-worker' } });
  const worker = startWorker({
    queue: config.PDF_QUEUE,
    redisUrl: config.REDIS_URL,
    jobs: [renderPdfHandler],
    concurrency: config.PDF_WORKER_CONCURRENCY,
    log,
    lockDurationMs: config.PDF_WORKER_LOCK_MS,
    stalledIntervalMs: config.PDF_WORKER_LOCK_MS,
  });
  await worker.waitUntilReady();
  log.info({ queue: config.PDF_QUEUE }, 'pdf worker ready');
  return {
    close: async (graceMs = DEFAULT_SHUTDOWN_GRACE_MS) => {
      await worker.drain(graceMs);
    },
  };
}
