import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { defineJob, JobQueue } from '@pv/service-kit/jobs';
import { scaled, testInfra } from '@pv/service-kit/testing';
import { Supervisor } from '@pv/stack/processes';
import { Type } from '@sinclair/typebox';
import { afterEach, describe, expect, it } from 'vitest';

// The kit's queue-test worker: `slow-echo` answers after DELAY_MS with its process id.
const workerScript = fileURLToPath(
  new URL('../../../packages/service-kit/test/fixtures/queue-worker.ts', import.meta.url),
);
const echo = (queue: string) =>
  defineJob({
    queue,
    name: 'slow-echo',
    payloadSchema: Type.Object({ text: Type.String() }),
    resultSchema: Type.Object({ echoed: Type.String(), by: Type.Integer() }),
  });

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("npm start's supervisor heals one machine", () => {
  it(
    'a worker SIGKILLed mid-job is restarted, takes the job over, and the waiting caller gets its answer',
    async () => {
      const name = `test-heal-${randomUUID()}`;
      const queue = await JobQueue.open(name, testInfra.redisUrl);
      cleanups.push(() => queue.discard());
      const out = new PassThrough();
      let text = '';
      out.on('data', (d: Buffer) => {
        text += d.toString();
      });
      const supervisor = new Supervisor({
        stdout: out,
        stderr: out,
        color: false,
        killTimeoutMs: 5_000,
        restart: { initialDelayMs: 200 },
      });
      cleanups.push(() => supervisor.shutdown('test over'));
      supervisor.start([
        {
          name: 'worker',
          command: process.execPath,
          args: ['--import', 'tsx', workerScript],
          env: {
            ...process.env,
            QUEUE_NAME: name,
            REDIS_URL: testInfra.redisUrl,
            DELAY_MS: '1500',
            LOCK_MS: '1000',
          },
          cwd: process.cwd(),
        },
      ]);
      const pending = queue.run(echo(name), { text: 'nota' }, { timeoutMs: 30_000 });
      const deadline = Date.now() + 60_000;
      while (!text.includes('worker | started') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      const first = supervisor.pidOf('worker');
      expect(first).toBeGreaterThan(0);
      process.kill(first!, 'SIGKILL');

      const result = await pending;
      const second = supervisor.pidOf('worker');
      expect(second).not.toBe(first);
      // The restarted worker ran it, once its predecessor's lock expired.
      expect(result).toEqual({ echoed: 'nota', by: second });
      expect(text).toContain(
        'worker exited unexpectedly with signal SIGKILL; restarting it in 200 ms',
      );
    },
    scaled(120_000),
  );
});
