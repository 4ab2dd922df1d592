import { JobQueue, runServer } from '@pv/service-kit';
import { buildFormattingApp } from './app.js';
import { loadFormattingConfig } from './config.js';
import { openFormatting } from './runtime.js';

await runServer(async () => {
  const config = loadFormattingConfig();
  const runtime = await openFormatting(config);
  const queue = await JobQueue.open(config.FORMATTING_QUEUE, config.REDIS_URL);
  const app = await buildFormattingApp({ config, runtime, queue });
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
