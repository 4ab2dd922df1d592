import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { JobQueue } from '../src/queue.js';
import { testInfra } from '../src/testing/index.js';
import { echoJob as echo } from './fixtures/echo-job.js';

const workerScript = fileURLToPath(new URL('./fixtures/queue-worker.ts', import.meta.url));
const children: ChildProcess[] = [];
const queues: JobQueue[] = [];

function startWorkerProcess(queueName: string, delayMs: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: {
      ...process.env,
      QUEUE_NAME: queueName,
      REDIS_URL: testInfra.redisUrl,
      DELAY_MS: String(delayMs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const started = new Promise<void>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('started')) resolve();
    });
  });
  return { child, started };
}

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const queue of queues.splice(0)) {
    await queue.queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
});

describe('JobQueue and startWorker', () => {
  it('runs a job in a separate worker process and returns its result to the caller', async () => {
    const name = `test-echo-${Date.now()}`;
    const queue = new JobQueue(name, testInfra.redisUrl);
    queues.push(queue);
    await queue.ready();
    const { child } = startWorkerProcess(name, 0);
    const result = await queue.run(echo(name), { text: 'olá' }, { timeoutMs: 15_000 });
    expect(result).toEqual({ echoed: 'olá', by: child.pid });
  });

  it('a worker killed mid-job: the job is retried by another worker and the caller still gets the result', async () => {
    const name = `test-killed-${Date.now()}`;
    const queue = new JobQueue(name, testInfra.redisUrl);
    queues.push(queue);
    await queue.ready();
    const doomed = startWorkerProcess(name, 60_000);
    const pending = queue.run(echo(name), { text: 'sobrevive' }, { timeoutMs: 20_000 });
    await doomed.started;
    doomed.child.kill('SIGKILL');
    await once(doomed.child, 'exit');
    const rescuer = startWorkerProcess(name, 0);
    const result = await pending;
    expect(result).toEqual({ echoed: 'sobrevive', by: rescuer.child.pid });
  });
});
