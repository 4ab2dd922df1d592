import { LlmClient, llmSettingsFrom } from '@pv/llm';
import { startWorker } from '@pv/service-kit';
import pino from 'pino';
import type { FormattingConfig } from '../config.js';
import { diagnosticJob, formatNoteJob } from './jobs.js';

/** Starts consuming the formatting queue; resolves once the worker is connected. */
export async function startFormattingWorker(config: FormattingConfig) {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'formatting-worker' } });
  const llm = new LlmClient(llmSettingsFrom(config), log);
  const worker = startWorker(
    config.FORMATTING_QUEUE,
    config.REDIS_URL,
    [formatNoteJob(llm), diagnosticJob(llm)],
    {
      concurrency: config.FORMATTING_WORKER_CONCURRENCY,
      log,
      lockDurationMs: config.FORMATTING_WORKER_LOCK_MS,
      stalledIntervalMs: config.FORMATTING_WORKER_LOCK_MS,
    },
  );
  await worker.waitUntilReady();
  log.info(
    { llm: llm.isConfigured('standard') ? 'configured' : 'offline' },
    'formatting worker ready',
  );
  return { close: () => worker.close() };
}
