import { Worker } from 'node:worker_threads';
import { DocumentMessages } from '@pv/contracts';
import { AppError } from '@pv/service-kit/http';

const THREAD = new URL('./extract-thread.mjs', import.meta.url);

export interface ExtractionLimits {
  maxBytes: number;
  maxPages: number;
  timeoutMs: number;
}

type ThreadAnswer =
  | { texts: string[]; pages: number }
  | { error: 'encrypted' | 'corrupt' | 'too-many-pages'; pages?: number };

/** True when the bytes start like a PDF ("%PDF-" within the first KiB, as readers accept). */
export const looksLikePdf = (data: Uint8Array) =>
  Buffer.from(data.subarray(0, 1024)).includes('%PDF-');

const unprocessable = (code: string, message: string) => new AppError(422, code, message);

/**
 * Reads PDF text with pdfjs-dist in worker threads, so a slow or hostile file cannot stall the
 * service: each file gets a deadline, after which its thread is terminated (and replaced), and
 * threads have a capped heap. Threads are kept warm between files: loading pdfjs costs more than
 * reading a typical report. When more than one thread is free, a file's pages are split between
 * them (pdfjs reads on one core), which roughly halves the wait for a long report.
 */
export class PdfTextExtractor {
  private readonly idle: Worker[] = [];
  private readonly waiting: ((worker: Worker) => void)[] = [];
  private started = 0;

  constructor(
    private readonly limits: ExtractionLimits,
    private readonly threads = 2,
  ) {}

  private spawn(): Worker {
    this.started++;
    // execArgv: [] keeps the parent's TypeScript loader out of the thread (it needs none).
    const worker = new Worker(THREAD, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    worker.unref();
    return worker;
  }

  /** A thread available right now (idle or not yet started), without waiting. */
  private tryAcquire(): Worker | undefined {
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.started < this.threads) return this.spawn();
    return undefined;
  }

  private acquire(): Promise<Worker> {
    const ready = this.idle.pop();
    if (ready) return Promise.resolve(ready);
    if (this.started < this.threads) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(worker: Worker | undefined): void {
    const next = this.waiting.shift();
    if (!worker) {
      this.started--;
      if (next) next(this.spawn());
      return;
    }
    if (next) next(worker);
    else this.idle.push(worker);
  }

  async extract(data: Uint8Array): Promise<{ text: string; pages: number }> {
    const { maxBytes, maxPages, timeoutMs } = this.limits;
    if (data.byteLength > maxBytes)
      throw new AppError(413, 'PDF_TOO_LARGE', DocumentMessages.pdfTooLarge);
    if (!looksLikePdf(data)) throw new AppError(415, 'NOT_PDF', DocumentMessages.notPdf);
    const workers = [await this.acquire()];
    for (let extra = this.tryAcquire(); extra; extra = this.tryAcquire()) workers.push(extra);
    const healthy = new Set<Worker>();
    let timer: NodeJS.Timeout | undefined;
    const cleanup: (() => void)[] = [];
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(unprocessable('PDF_EXTRACT_TIMEOUT', DocumentMessages.pdfExtractTimeout)),
          timeoutMs,
        );
      });
      const answers = await Promise.race([
        Promise.all(
          workers.map((worker, part) =>
            this.ask(worker, { data, maxPages, part, parts: workers.length }, cleanup).then(
              (answer) => {
                healthy.add(worker);
                return answer;
              },
            ),
          ),
        ),
        deadline,
      ]);
      const failed = answers.find((a) => 'error' in a);
      if (failed && 'error' in failed) {
        if (failed.error === 'encrypted')
          throw unprocessable('PDF_ENCRYPTED', DocumentMessages.pdfEncrypted);
        if (failed.error === 'too-many-pages')
          throw new AppError(413, 'PDF_TOO_MANY_PAGES', DocumentMessages.pdfTooManyPages);
        throw unprocessable('PDF_CORRUPT', DocumentMessages.pdfCorrupt);
      }
      const texts = answers.flatMap((a) => ('texts' in a ? a.texts : []));
      const pages = answers.reduce((n, a) => ('texts' in a ? a.pages : n), 0);
      return { text: texts.join('\n\n'), pages };
    } finally {
      clearTimeout(timer);
      for (const undo of cleanup) undo();
      for (const worker of workers) {
        if (healthy.has(worker)) this.release(worker);
        else {
          await worker.terminate();
          this.release(undefined);
        }
      }
    }
  }

  private ask(
    worker: Worker,
    message: { data: Uint8Array; maxPages: number; part: number; parts: number },
    cleanup: (() => void)[],
  ): Promise<ThreadAnswer> {
    return new Promise<ThreadAnswer>((resolve, reject) => {
      const onError = () => reject(unprocessable('PDF_CORRUPT', DocumentMessages.pdfCorrupt));
      worker.once('message', resolve);
      worker.once('error', onError);
      worker.once('exit', onError);
      cleanup.push(() => {
        worker.off('message', resolve);
        worker.off('error', onError);
        worker.off('exit', onError);
      });
      worker.postMessage(message);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }
}
