import { JobQueue, runServer } from '@pv/service-kit';
import { buildDocumentsApp } from './app.js';
import { loadDocumentsConfig } from './config.js';
import { openDocuments } from './runtime.js';

await runServer(async () => {
  const config = loadDocumentsConfig();
  const runtime = await openDocuments(config);
  const queue = await JobQueue.open(config.PDF_QUEUE, config.REDIS_URL);
  const app = await buildDocumentsApp({ config, runtime, queue });
  return {
    app,
    port: config.PORT,
    host: config.HOST,
    close: async () => {
      await queue.close();
      await runtime.close();
    },
  };
});
