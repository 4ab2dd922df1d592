import { createRedis, JobQueue } from '@pv/service-kit';
import {
  Client,
  collectEvents,
  createTestDatabase,
  mintSession,
  testInfra,
  testSessionKeys,
} from '@pv/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildFormattingApp } from '../src/app.js';
import { type FormattingConfig, loadFormattingConfig } from '../src/config.js';
import { startFormattingWorker } from '../src/formatting/worker-process.js';
import { openFormatting } from '../src/runtime.js';

export { Client, collectEvents };
export type Role = 'anonymous' | 'free' | 'premium' | 'admin';

export interface FormattingUnderTest {
  app: FastifyInstance;
  queue: JobQueue;
  url: string;
  config: FormattingConfig;
  runtime: Awaited<ReturnType<typeof openFormatting>>;
  /** A client acting as a user of the given role (a fresh user each call). */
  as(role: Role): Promise<Client & { userId?: string }>;
  close(): Promise<void>;
}

/**
 * The real formatting service on its own database, with real Redis and NATS, its own queue and
 * (unless `worker: false`) a formatting worker in this process. LLM variables in `env` point it
 * at a fake OpenAI-compatible server; without them it formats offline.
 */
export async function startFormatting(
  env: Record<string, string> = {},
  options: { worker?: boolean } = {},
): Promise<FormattingUnderTest> {
  const database = await createTestDatabase('formatting');
  const keys = testSessionKeys();
  const config = loadFormattingConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: testInfra.natsUrl,
    FORMATTING_DATABASE: database.name,
    SESSION_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'silent',
    FORMATTING_QUEUE: `test-formatting-${database.name.replace(/_/g, '-')}`,
    ...env,
  });
  const runtime = await openFormatting(config);
  const queue = new JobQueue(config.FORMATTING_QUEUE, config.REDIS_URL);
  await queue.ready();
  const worker = options.worker === false ? undefined : await startFormattingWorker(config);
  const app = await buildFormattingApp({
    config,
    runtime,
    queue,
    logger: false,
    anonymousLimitNamespace: `pv:test:formatting:anonymous:${database.name}:`,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const redis = createRedis(testInfra.redisUrl);
  return {
    app,
    queue,
    url,
    config,
    runtime,
    async as(role) {
      const client = new Client(url) as Client & { userId?: string };
      if (role === 'anonymous') return client;
      const { token, principal } = await mintSession(keys, redis, {
        isAdmin: role === 'admin',
        isPremium: role === 'premium',
      });
      client.cookie = `pv_session=${token}`;
      client.userId = principal.userId;
      return client;
    },
    async close() {
      await app.close();
      await worker?.close();
      await queue.queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      redis.disconnect();
      await runtime.close();
      await database.drop();
    },
  };
}

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
