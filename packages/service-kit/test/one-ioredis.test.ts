import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { handleJob } from '../src/jobs.js';
import { JobQueue } from '../src/queue.js';
import { createRedis } from '../src/redis.js';
import { testInfra } from '../src/testing/index.js';
import { startWorker } from '../src/worker.js';
import { echoJob } from './fixtures/echo-job.js';

// Two ioredis copies in one process mean two sets of connection code, two command tables and
// twice the memory (issue 26); BullMQ takes ioredis as a peer, so it must get the kit's.
describe('one ioredis in a BullMQ process', () => {
  it('the queue, the worker and the kit load the same ioredis module', async () => {
    const queueName = `test-one-ioredis-${randomBytes(4).toString('hex')}`;
    const definition = echoJob(queueName);
    const worker = startWorker({
      queue: queueName,
      redisUrl: testInfra.redisUrl,
      jobs: [handleJob(definition, async ({ text }) => ({ echoed: text, by: 0 }))],
      concurrency: 1,
      log: pino({ level: 'silent' }),
    });
    const queue = await JobQueue.open(queueName, testInfra.redisUrl);
    const redis = createRedis(testInfra.redisUrl);
    try {
      await worker.waitUntilReady();
      await queue.run(definition, { text: 'x' }, { timeoutMs: 10_000 });
      await redis.ping();
      const loaded = Object.keys(createRequire(import.meta.url).cache)
        .map((file) => /^(.*\/ioredis)\/built\/index\.js$/.exec(file)?.[1])
        .filter((dir): dir is string => dir !== undefined);
      expect(loaded).toHaveLength(1);
    } finally {
      redis.disconnect();
      await queue.discard();
      await worker.close();
    }
  });
});
