import { JobQueue, runServer } from '@pv/service-kit';
import { buildDocumentsApp } from './app.js';
import { loadDocumentsConfig } from './config.js';
import { startProfessionalConsumer } from './events/professional-consumer.js';
import { openDocuments } from './runtime.js';

await runServer(async () => {
  const config = loadDocumentsConfig();
  const runtime = await openDocuments(config);
  const queue = await JobQueue.open(config.PDF_QUEUE, config.REDIS_URL);
  const app = await buildDocumentsApp({ config, runtime, queue });
  // The professionals' projection follows auth once NATS answers; until then events wait in the
  // stream and headers use what the projection already holds.
  const consumer = runtime.nats.startConsumer((nc) =>
    startProfessionalConsumer(nc, {
      db: runtime.db,
      durable: config.DOCUMENTS_CONSUMER,
      log: runtime.log,
    }),
  );
  return {
    app,
    port: config.PORT,
    host: config.HOST,
    close: async () => {
      await consumer.stop();
      await queue.close();
      await runtime.close();
    },
  };
});
