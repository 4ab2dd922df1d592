import { JobQueue } from '@pv/service-kit/jobs';
import { Client, collectEvents, startServiceUnderTest } from '@pv/service-kit/testing';
import { buildFormattingApp } from '../src/app.js';
import { loadFormattingConfig } from '../src/config.js';
import { startUserErasureConsumer } from '../src/events/user-erasure-consumer.js';
import { openFormatting } from '../src/runtime.js';
import { startFormattingWorker } from '../src/workers/formatting-handlers.js';

export { Client, collectEvents };
export type Role = 'anonymous' | 'free' | 'premium' | 'admin';

/**
 * The real formatting service (the kit's service under test: its own database, the real Redis,
 * its own NATS), its own queue and (unless `worker: false`) a formatting worker in this process.
 * LLM variables in `env` point it at a fake OpenAI-compatible server; without them it formats
 * offline.
 */
export async function startFormatting(
  env: Record<string, string> = {},
  options: { worker?: boolean; consumer?: boolean } = {},
) {
  let queue: JobQueue | undefined;
  const svc = await startServiceUnderTest({
    name: 'formatting',
    databaseVariable: 'FORMATTING_DATABASE',
    loadConfig: (base) =>
      loadFormattingConfig({
        FORMATTING_QUEUE: `test-formatting-${base.FORMATTING_DATABASE!.replace(/_/g, '-')}`,
        ...base,
      }),
    open: openFormatting,
    build: async (config, runtime) => {
      const jobs = await JobQueue.open(config.FORMATTING_QUEUE, config.REDIS_URL);
      queue = jobs;
      const worker = options.worker === false ? undefined : await startFormattingWorker(config);
      const app = await buildFormattingApp({
        config,
        runtime,
        queue: jobs,
        logger: false,
        redisKeyPrefix: `pv:test:${config.FORMATTING_DATABASE}:`,
      });
      app.addHook('onClose', async () => {
        await worker?.close();
        await jobs.discard();
      });
      return app;
    },
    consumer: (nc, runtime, config) =>
      startUserErasureConsumer(nc, {
        db: runtime.db,
        durable: config.FORMATTING_CONSUMER,
        log: runtime.log,
      }),
    startConsumer: options.consumer ?? false,
    env,
  });
  return {
    ...svc,
    queue: queue!,
    /** A client acting as a user of the given role (a fresh user unless `userId` is given). */
    as: async (role: Role, userId?: string): Promise<Client & { userId?: string }> =>
      role === 'anonymous' ? new Client(svc.url) : svc.as(role, userId),
  };
}

export type FormattingUnderTest = Awaited<ReturnType<typeof startFormatting>>;

/** Splits a text/event-stream body into its events, each with its JSON data. */
export function parseSse(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = block.match(/^event: (.*)$/m)?.[1] ?? 'message';
      const data = block.match(/^data: (.*)$/m)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}
