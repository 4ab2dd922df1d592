import { startWorker } from '@pv/service-kit';
import pino from 'pino';
import type { DocumentsConfig } from '../config.js';
import { renderPdfJob } from './jobs.js';

/** Starts consuming the PDF queue; resolves once the worker is connected. */
export async function startPdfWorker(config: DocumentsConfig) {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'pdf-worker' } });
  const worker = startWorker(config.PDF_QUEUE, config.REDIS_URL, [renderPdfJob], {
    concurrency: config.PDF_WORKER_CONCURRENCY,
    log,
    lockDurationMs: config.PDF_WORKER_LOCK_MS,
    stalledIntervalMs: config.PDF_WORKER_LOCK_MS,
  });
  await worker.waitUntilReady();
  log.info({ queue: config.PDF_QUEUE }, 'pdf worker ready');
  return { close: () => worker.close() };
}
