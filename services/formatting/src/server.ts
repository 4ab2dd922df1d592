import { JobQueue, runService } from '@pv/service-kit';
import { buildFormattingApp } from './app.js';
import { loadFormattingConfig } from './config.js';
import { openFormatting } from './runtime.js';

await runService(loadFormattingConfig, async (config, hold) => {
  const runtime = hold(await openFormatting(config));
  const queue = hold(await JobQueue.open(config.FORMATTING_QUEUE, config.REDIS_URL));
  return buildFormattingApp({ config, runtime, queue });
});
