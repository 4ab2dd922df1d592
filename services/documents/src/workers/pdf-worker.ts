import { runProcess } from '@pv/service-kit/runtime';
import { loadDocumentsConfig } from '../config.js';
import { startPdfWorker } from './pdf-handlers.js';

// The pdf-worker process: renders PDFs (CPU-bound) apart from the HTTP service, scaled on its own.
await runProcess(async () => startPdfWorker(loadDocumentsConfig()));
