import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { JobQueue } from '../src/queue.js';
import { testInfra } from '../src/testing/index.js';
import { scaled } from '../src/testing/time-scale.js';
import { echoJob as echo } from './fixtures/echo-job.js';

const workerScript = fileURLToPath(new URL('./fixtures/queue-worker.ts', import.meta.url));
// What a caller waits includes starting a worker process under tsx: a few hundred milliseconds on a
// quiet machine, tens of seconds on a two-core CI machine running other test files beside this one.
const CALLER_WAIT_MS = scaled(60_000);
const TEST_TIMEOUT_MS = scaled(150_000);
const children: ChildProcess[] = [];
const queues: JobQueue[] = [];

function startWorkerProcess(queueName: string, delayMs: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: {
      ...process.env,
      QUEUE_NAME: queueName,
      REDIS_URL: testInfra.redisUrl,
      DELAY_MS: String(delayMs),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const started = new Promise<void>((resolve) => {
    child.stdout!.on('data', () => {
      if (output.includes('started')) resolve();
    });
  });
  return { child, started, output: () => output };
}

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const queue of queues.splice(0)) {
    await queue.queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
});

describe('JobQueue and startWorker', { timeout: TEST_TIMEOUT_MS }, () => {
  it('runs a job in a separate worker process and returns its result to the caller', async () => {
    const name = `test-echo-${Date.now()}`;
    const queue = new JobQueue(name, testInfra.redisUrl);
    queues.push(queue);
    await queue.ready();
    const { child } = startWorkerProcess(name, 0);
    const result = await queue.run(echo(name), { text: 'olá' }, { timeoutMs: CALLER_WAIT_MS });
    expect(result).toEqual({ echoed: 'olá', by: child.pid });
  });

  it('hasWorkerWithin waits for a worker that (re)connects, and says no after its bound', async () => {
    const name = `test-await-worker-${Date.now()}`;
    const queue = new JobQueue(name, testInfra.redisUrl);
    queues.push(queue);
    await queue.ready();
    const began = Date.now();
    expect(await queue.hasWorkerWithin(600)).toBe(false);
    expect(Date.now() - began).toBeGreaterThanOrEqual(600);
    // The caller starts waiting before the worker (a restarted one) connects.
    const waiting = queue.hasWorkerWithin(60_000);
    startWorkerProcess(name, 0);
    expect(await waiting).toBe(true);
  });

  it('a worker killed mid-job: the job is retried by another worker and the caller still gets the result', async () => {
    const name = `test-killed-${Date.now()}`;
    const queue = new JobQueue(name, testInfra.redisUrl);
    queues.push(queue);
    await queue.ready();
    const doomed = startWorkerProcess(name, 60_000);
    const pending = queue.run(echo(name), { text: 'sobrevive' }, { timeoutMs: CALLER_WAIT_MS });
    await doomed.started;
    doomed.child.kill('SIGKILL');
    await once(doomed.child, 'exit');
    const rescuer = startWorkerProcess(name, 0);
    const result = await pending;
    expect(result).toEqual({ echoed: 'sobrevive', by: rescuer.child.pid });
  });

  it(
    'SIGTERM mid-job: the worker takes no new job, finishes the running one, then exits 0',
    async () => {
      const name = `test-drain-${Date.now()}`;
      const queue = new JobQueue(name, testInfra.redisUrl);
      queues.push(queue);
      await queue.ready();
      // A long lock: a CPU-starved child (CI runs many test files on two cores) must not lose its
      // lock mid-job, or its completion is refused and the caller waits out its timeout.
      const worker = startWorkerProcess(name, 1_500, {
        SHUTDOWN_GRACE_MS: '20000',
        LOCK_MS: '60000',
      });
      const pending = queue.run(echo(name), { text: 'termina' }, { timeoutMs: CALLER_WAIT_MS });
      await worker.started;
      const exited = once(worker.child, 'exit');
      worker.child.kill('SIGTERM');
      // Queued after the signal: a draining worker must not take it.
      const later = queue.queue.add('slow-echo', { text: 'depois' });
      expect(await pending).toEqual({ echoed: 'termina', by: worker.child.pid });
      expect(await exited).toEqual([0, null]);
      expect(worker.output()).toContain('drained, handed back 0');
      expect(await (await later).getState()).toBe('waiting');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'SIGTERM on a job longer than the grace: it is handed back at once and another worker finishes it',
    async () => {
      const name = `test-handback-${Date.now()}`;
      const queue = new JobQueue(name, testInfra.redisUrl);
      queues.push(queue);
      await queue.ready();
      // A 60 s lock: only an explicit hand-back (not lock expiry) lets the rescuer in within the test.
      const leaving = startWorkerProcess(name, 60_000, {
        SHUTDOWN_GRACE_MS: '500',
        LOCK_MS: '60000',
      });
      const pending = queue.run(echo(name), { text: 'devolvido' }, { timeoutMs: CALLER_WAIT_MS });
      await leaving.started;
      const exited = once(leaving.child, 'exit');
      leaving.child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
      expect(leaving.output()).toContain('drained, handed back 1');
      const rescuer = startWorkerProcess(name, 0, { LOCK_MS: '60000' });
      expect(await pending).toEqual({ echoed: 'devolvido', by: rescuer.child.pid });
    },
    TEST_TIMEOUT_MS,
  );
});
