import { JobQueue, runServer } from '@pv/service-kit';
import { buildFormattingApp } from './app.js';
import { loadFormattingConfig } from './config.js';
import { startUserErasureConsumer } from './events/user-erasure-consumer.js';
import { openFormatting } from './runtime.js';

await runServer(async () => {
  const config = loadFormattingConfig();
  const runtime = await openFormatting(config);
  const queue = await JobQueue.open(config.FORMATTING_QUEUE, config.REDIS_URL);
  const app = await buildFormattingApp({ config, runtime, queue });
  // Erases a deleted user's templates; starts once NATS answers (events wait in the stream).
  const consumer = runtime.nats.startConsumer((nc) =>
    startUserErasureConsumer(nc, {
      db: runtime.db,
      durable: config.FORMATTING_CONSUMER,
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
