import { JobQueue } from '@pv/service-kit/jobs';
import { runService } from '@pv/service-kit/runtime';
import { buildFormattingApp } from './app.js';
import { loadFormattingConfig } from './config.js';
import { startUserErasureConsumer } from './events/user-erasure-consumer.js';
import { openFormatting } from './runtime.js';

await runService(loadFormattingConfig, async (config, hold) => {
  const runtime = hold(await openFormatting(config));
  const queue = hold(await JobQueue.open(config.FORMATTING_QUEUE, config.REDIS_URL));
  // Erases a deleted user's templates; starts once NATS answers (events wait in the stream).
  runtime.nats.startConsumer((nc) =>
    startUserErasureConsumer(nc, {
      db: runtime.db,
      durable: config.FORMATTING_CONSUMER,
      log: runtime.log,
    }),
  );
  return buildFormattingApp({ config, runtime, queue });
});
