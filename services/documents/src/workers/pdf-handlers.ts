import { SigningMessages } from '@pv/contracts';
import { handleJob, JobFailedError, startWorkerProcess } from '@pv/service-kit/jobs';
import { productLogger } from '@pv/service-kit/runtime';
import { isCertificateError, openA1Signer } from '@pv/signing';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { DocumentsConfig } from '../config.js';
import { controlledPdf } from '../pdf/controlled-layout.js';
import { withItiData } from '../pdf/iti.js';
import { type PdfSigning, RenderPdfJob, type RenderPdfPayload } from '../pdf/jobs.js';
import { ambulatoryPdf, documentPdf, hospitalPdf } from '../pdf/layouts.js';
import { renderPdf } from '../pdf/render.js';
import { type KeyWrapper, keyWrapperFrom, openSigningOrder } from '../signing/signing-order.js';

/** The layout of each kind of PDF, with the ITI metadata (and a signed PDF's verification block). */
export function definitionFor(payload: RenderPdfPayload): TDocumentDefinitions {
  return withItiData(layoutFor(payload), payload);
}

function layoutFor(payload: RenderPdfPayload): TDocumentDefinitions {
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

/**
 * Signs a rendered PDF (PAdES) with the request's certificate. A certificate that cannot sign
 * (wrong password, expired...) ends the job at once with its pt-BR message as a 422.
 */
async function sign(pdf: Buffer, signing: PdfSigning, keys: KeyWrapper | undefined) {
  if (!keys)
    throw new JobFailedError({
      kind: 'SIGNING_UNAVAILABLE',
      status: 503,
      message: SigningMessages.unavailable,
    });
  const { p12, password } = await openSigningOrder(keys, signing);
  try {
    return await openA1Signer(p12, password).signPdf(pdf, { reason: signing.reason });
  } catch (error) {
    if (isCertificateError(error))
      throw new JobFailedError({ kind: error.code, status: 422, message: error.message });
    throw error;
  } finally {
    p12.fill(0);
  }
}

/**
 * Renders (and, when asked, signs) one PDF with pdfmake; runs in the pdf-worker process.
 * `beforeRender` (tests only) runs first with the job's id, e.g. to hold a job the worker has taken.
 */
export const pdfHandler = (
  keys: KeyWrapper | undefined,
  beforeRender?: (jobId: string) => Promise<void>,
) =>
  handleJob(RenderPdfJob, async (payload, context) => {
    if (beforeRender) await beforeRender(context.id);
    const pdf = await renderPdf(definitionFor(payload));
    const signed = payload.signing ? await sign(pdf, payload.signing, keys) : pdf;
    return { pdfBase64: signed.toString('base64') };
  });

/**
 * Starts consuming the PDF queue; resolves once the worker is connected. `beforeRender` and the
 * answered `worker` (its BullMQ events) are for tests.
 */
export async function startPdfWorker(
  config: DocumentsConfig,
  options: { beforeRender?: (jobId: string) => Promise<void> } = {},
) {
  const log = productLogger({ service: 'pdf-worker', level: config.LOG_LEVEL });
  const started = await startWorkerProcess({
    queue: config.PDF_QUEUE,
    redisUrl: config.REDIS_URL,
    jobs: [pdfHandler(keyWrapperFrom(config), options.beforeRender)],
    concurrency: config.PDF_WORKER_CONCURRENCY,
    log,
    lockDurationMs: config.PDF_WORKER_LOCK_MS,
    stalledIntervalMs: config.PDF_WORKER_LOCK_MS,
    health: { port: config.HEALTH_PORT, host: config.HOST },
  });
  log.info({ queue: config.PDF_QUEUE }, 'pdf worker ready');
  return started;
}
