import { JobQueue, runService } from '@pv/service-kit';
import { buildDocumentsApp } from './app.js';
import { loadDocumentsConfig } from './config.js';
import { openDocuments } from './runtime.js';

await runService(loadDocumentsConfig, async (config, hold) => {
  const runtime = hold(await openDocuments(config));
  const queue = hold(await JobQueue.open(config.PDF_QUEUE, config.REDIS_URL));
  return buildDocumentsApp({ config, runtime, queue });
});
