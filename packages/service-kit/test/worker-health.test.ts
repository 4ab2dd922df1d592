import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { handleJob } from '../src/jobs.js';
import { testInfra } from '../src/testing/index.js';
import { type DrainableWorker, startWorker } from '../src/worker.js';
import { serveWorkerHealth, type WorkerHealth } from '../src/worker-health.js';
import { echoJob } from './fixtures/echo-job.js';

const log = pino({ level: 'silent' });
const open: { worker: DrainableWorker; health: WorkerHealth }[] = [];
afterEach(async () => {
  for (const { worker, health } of open.splice(0)) {
    await health.close();
    await worker.close().catch(() => undefined);
  }
});

async function startWithHealth() {
  const queue = `test-health-${randomBytes(4).toString('hex')}`;
  const worker = startWorker({
    queue,
    redisUrl: testInfra.redisUrl,
    jobs: [handleJob(echoJob(queue), async ({ text }) => ({ echoed: text, by: 0 }))],
    concurrency: 1,
    log,
  });
  await worker.waitUntilReady();
  const health = await serveWorkerHealth(worker, { port: 0, host: '127.0.0.1', log });
  open.push({ worker, health });
  const probe = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${health.port}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { worker, health, probe };
}

describe('a worker health server (serveWorkerHealth)', () => {
  it('is live and ready while the worker takes jobs from a reachable queue', async () => {
    const { probe } = await startWithHealth();
    expect(await probe('/health')).toEqual({
      status: 200,
      body: { status: 'ok', eventLoopLagMs: expect.any(Number), queue: 'ok' },
    });
    expect(await probe('/ready')).toEqual({
      status: 200,
      body: { status: 'ok', takingJobs: true },
    });
  });

  it('is not ready once paused or draining, and still live', async () => {
    const { worker, health, probe } = await startWithHealth();
    worker.pause(true);
    expect((await probe('/ready')).status).toBe(503);
    worker.resume();
    expect((await probe('/ready')).status).toBe(200);
    health.draining();
    expect(await probe('/ready')).toEqual({
      status: 503,
      body: { status: 'unavailable', takingJobs: false },
    });
    expect((await probe('/health')).status).toBe(200);
  });

  it('is not live when the queue connection is gone', async () => {
    const { worker, probe } = await startWithHealth();
    (await worker.getBackend().client).disconnect();
    const health = await probe('/health');
    expect(health.status).toBe(503);
    expect(health.body.queue).toBe('unreachable');
  });

  it('serves nothing without a port (tests, one-off runs)', async () => {
    const { worker } = await startWithHealth();
    const off = await serveWorkerHealth(worker, { port: undefined, host: '127.0.0.1', log });
    expect(off.port).toBe(0);
  });
});
