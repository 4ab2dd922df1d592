import { JobQueue } from '@pv/service-kit/jobs';
import { runService } from '@pv/service-kit/runtime';
import { buildDocumentsApp } from './app.js';
import { loadDocumentsConfig } from './config.js';
import { startAiTemplateConsumer } from './events/ai-template-consumer.js';
import { startProfessionalConsumer } from './events/professional-consumer.js';
import { openDocuments } from './runtime.js';

await runService(loadDocumentsConfig, async (config, hold) => {
  const runtime = hold(await openDocuments(config));
  const queue = hold(await JobQueue.open(config.PDF_QUEUE, config.REDIS_URL));
  // The professionals' projection follows auth once NATS answers; until then events wait in the
  // stream and headers use what the projection already holds.
  runtime.nats.startConsumer((nc) =>
    startProfessionalConsumer(nc, {
      db: runtime.db,
      durable: config.DOCUMENTS_CONSUMER,
      log: runtime.log,
    }),
  );
  // The admin's document templates (formatting's 'Templates IA' tab) follow the same way; until
  // NATS answers, documents are shaped by the templates the projection already holds.
  runtime.nats.startConsumer((nc) =>
    startAiTemplateConsumer(nc, {
      db: runtime.db,
      durable: config.DOCUMENTS_TEMPLATES_CONSUMER,
      log: runtime.log,
    }),
  );
  return buildDocumentsApp({ config, runtime, queue });
});
