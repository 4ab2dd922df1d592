import { Type } from '@sinclair/typebox';
import type { Worker } from 'bullmq';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defineJob,
  handleJob,
  JobCrashedError,
  JobFailedError,
  JobTimeoutError,
} from '../src/jobs.js';
import { JobQueue } from '../src/queue.js';
import { createRedis } from '../src/redis.js';
import { redisKeysContaining, testInfra } from '../src/testing/index.js';
import { scaled } from '../src/testing/time-scale.js';
import { startWorker } from '../src/worker.js';

const open: { queue: JobQueue; worker: Worker }[] = [];
afterEach(async () => {
  for (const { queue, worker } of open.splice(0)) {
    await worker.close();
    await queue.queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
});

const answerJob = (queue: string) =>
  defineJob({
    queue,
    name: 'answer',
    payloadSchema: Type.Object({ mode: Type.String(), delayMs: Type.Integer() }),
    resultSchema: Type.Object({ text: Type.String() }),
  });

/** A queue with one in-process worker whose answer depends on the payload's mode. */
async function answering(log = pino({ level: 'silent' })) {
  const name = `test-jobs-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const definition = answerJob(name);
  let attempts = 0;
  const worker = startWorker({
    queue: name,
    redisUrl: testInfra.redisUrl,
    jobs: [
      handleJob(definition, async ({ mode, delayMs }, context) => {
        attempts += 1;
        await new Promise((r) => setTimeout(r, delayMs));
        if (mode === 'declared')
          throw new JobFailedError({
            kind: 'unavailable',
            status: 502,
            message: 'O serviço está indisponível.',
          });
        if (mode === 'crash') throw new Error('boom');
        // As a parser's or a library's error does: its message quotes the input.
        if (mode.startsWith('quote:')) throw new Error(`não consegui ler "${mode}"`);
        if (mode === 'off-schema') return { text: 42 } as unknown as { text: string };
        if (mode.startsWith('echo:')) {
          await context.reportProgress({ text: `parcial ${mode}` });
          return { text: `nota ${mode}` };
        }
        await context.reportProgress({ text: 'meio' });
        return { text: 'pronto' };
      }),
    ],
    concurrency: 2,
    log,
  });
  await worker.waitUntilReady();
  const queue = new JobQueue(name, testInfra.redisUrl);
  await queue.ready();
  open.push({ queue, worker });
  return { queue, definition, attempts: () => attempts };
}

describe('the job shape', () => {
  it('answers the result and streams progress to the caller', async () => {
    const { queue, definition } = await answering();
    const progress: unknown[] = [];
    const result = await queue.run(
      definition,
      { mode: 'ok', delayMs: 0 },
      { timeoutMs: 10_000, onProgress: (data) => progress.push(data) },
    );
    expect(result).toEqual({ text: 'pronto' });
    expect(progress).toContainEqual({ text: 'meio' });
  });

  it('leaves no payload, progress or result in Redis once the caller has it (events stream included)', async () => {
    const { queue, definition } = await answering();
    const marker = `echo:ZEBRAFINCH${Date.now()}`;
    const progress: unknown[] = [];
    const result = await queue.run(
      definition,
      { mode: marker, delayMs: 50 },
      { timeoutMs: 10_000, onProgress: (data) => progress.push(data) },
    );
    expect(result).toEqual({ text: `nota ${marker}` });
    expect(progress).toContainEqual({ text: `parcial ${marker}` });
    const declared = await queue
      .run(definition, { mode: 'declared', delayMs: 0 }, { timeoutMs: 10_000 })
      .catch((e: unknown) => e);
    expect(declared).toBeInstanceOf(JobFailedError);
    const redis = createRedis(testInfra.redisUrl);
    try {
      // The queue's event stream still exists (it is how callers learn a job finished)...
      expect(await redis.exists(`bull:${queue.name}:events`)).toBe(1);
      // ...but neither it nor any job hash or key of the queue holds the text.
      expect(await redisKeysContaining(redis, 'ZEBRAFINCH', `bull:${queue.name}:*`)).toEqual([]);
      expect(await redisKeysContaining(redis, 'indisponível', `bull:${queue.name}:*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('a crash whose error quotes the payload leaves the text in no Redis key (failedReason, stack trace, events stream) and no log line', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    const { queue, definition, attempts } = await answering(log);
    const marker = `quote:GANNETFINCH${Date.now()}`;
    const redis = createRedis(testInfra.redisUrl);
    try {
      // While the job lives its hash holds the payload anyway; once it has failed for good,
      // nothing of the queue may quote it.
      const error = await queue
        .run(definition, { mode: marker, delayMs: 0 }, { timeoutMs: 10_000, backoffMs: 10 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JobCrashedError);
      expect(attempts()).toBe(3);
      expect(await redisKeysContaining(redis, 'GANNETFINCH', `bull:${queue.name}:*`)).toEqual([]);
      const events = await redis.xrange(`bull:${queue.name}:events`, '-', '+');
      expect(JSON.stringify(events)).toContain('failed');
      expect(lines.join('\n')).toContain('job attempt failed');
      expect(lines.join('\n')).not.toContain('GANNETFINCH');
      // What is kept says what broke (the error's class), not what it was reading.
      expect((error as JobCrashedError).reason).toBe('Error');
      expect((error as JobCrashedError).message).not.toContain('GANNETFINCH');
    } finally {
      redis.disconnect();
    }
  });

  it('a declared failure reaches the caller as a typed value, without retries', async () => {
    const { queue, definition, attempts } = await answering();
    const error = await queue
      .run(definition, { mode: 'declared', delayMs: 0 }, { timeoutMs: 10_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailedError);
    expect((error as JobFailedError).failure).toEqual({
      kind: 'unavailable',
      status: 502,
      message: 'O serviço está indisponível.',
    });
    expect(attempts()).toBe(1);
  });

  it('an undeclared error is retried, then reported as a crash', async () => {
    const { queue, definition, attempts } = await answering();
    const error = await queue
      .run(definition, { mode: 'crash', delayMs: 0 }, { timeoutMs: 10_000, backoffMs: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobCrashedError);
    expect((error as JobCrashedError).reason).toBe('Error');
    expect(attempts()).toBe(3);
  });

  it('a result off its schema is refused', async () => {
    const { queue, definition } = await answering();
    const error = await queue
      .run(definition, { mode: 'off-schema', delayMs: 0 }, { timeoutMs: 10_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobCrashedError);
    expect((error as JobCrashedError).reason).toMatch(/schema/);
  });

  it('a job slower than the caller will wait ends in a typed timeout', async () => {
    const { queue, definition } = await answering();
    const started = Date.now();
    const error = await queue
      .run(definition, { mode: 'ok', delayMs: 2_000 }, { timeoutMs: 300 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobTimeoutError);
    expect((error as JobTimeoutError).timeoutMs).toBe(300);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it(
    'a job its caller stopped waiting for leaves no outcome or progress behind when it ends',
    async () => {
      const { queue, definition, attempts } = await answering();
      // One ends soon after its caller gave up, one after the caller's last listener is gone.
      const errors = await Promise.all(
        [600, 5_700].map((delayMs) =>
          queue
            .run(
              definition,
              { mode: `echo:SKUAFINCH${delayMs}-${Date.now()}`, delayMs },
              { timeoutMs: 200, onProgress: () => {} },
            )
            .catch((e: unknown) => e),
        ),
      );
      for (const error of errors) expect(error).toBeInstanceOf(JobTimeoutError);
      // The worker still finishes them (they were running): nobody will read what they write.
      await new Promise((r) => setTimeout(r, 6_500));
      expect(attempts()).toBe(2);
      const redis = createRedis(testInfra.redisUrl);
      try {
        expect(await redisKeysContaining(redis, 'SKUAFINCH', `bull:${queue.name}:*`)).toEqual([]);
      } finally {
        redis.disconnect();
      }
    },
    scaled(20_000),
  );

  it('a job no worker took is removed, payload and all, when its caller stops waiting', async () => {
    const name = `test-jobs-orphan-${Date.now()}`;
    const queue = new JobQueue(name, testInfra.redisUrl);
    await queue.ready();
    const marker = `echo:ORPHANFINCH${Date.now()}`;
    const error = await queue
      .run(answerJob(name), { mode: marker, delayMs: 0 }, { timeoutMs: 300 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobTimeoutError);
    const redis = createRedis(testInfra.redisUrl);
    try {
      expect(await redisKeysContaining(redis, 'ORPHANFINCH', `bull:${name}:*`)).toEqual([]);
    } finally {
      redis.disconnect();
      await queue.discard();
    }
  });
});
