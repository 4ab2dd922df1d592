import { runProcess } from '@pv/service-kit/runtime';
import { loadFormattingConfig } from '../config.js';
import { startFormattingWorker } from './formatting-handlers.js';

// The formatting-worker process: runs LLM formatting jobs, scaled apart from the HTTP service.
await runProcess(async () => startFormattingWorker(loadFormattingConfig()));
