// A worker serves no product HTTP, but an orchestrator must still tell a hung worker from a busy
// one: this small server on an internal port answers the kubelet's probes.
//   GET /health  liveness: the event loop turns (it answers at all, and a timer it runs has not
//                fallen behind) and the queue's Redis connection answers.
//   GET /ready   readiness: the worker is taking jobs (running, not paused, not draining).
// Neither says anything about the jobs themselves, so a probe never carries patient data.
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { listenReusingPort } from './supervised.js';
import type { DrainableWorker } from './worker.js';

export interface WorkerHealthOptions {
  /** The internal port (HEALTH_PORT); unset: no health server (tests, one-off runs). */
  port: number | undefined;
  host: string;
  log: Logger;
  /** How far behind its schedule the event-loop timer may run before liveness fails. */
  maxLoopLagMs?: number;
  /** How long the queue connection has to answer. */
  pingTimeoutMs?: number;
}

export interface WorkerHealth {
  /** The port it listens on (0 when off). */
  port: number;
  /** Readiness goes false at once (the drain has begun); the server stays for liveness. */
  draining(): void;
  close(): Promise<void>;
}

const LOOP_TICK_MS = 500;

/** Serves /health and /ready for a BullMQ worker; see the file's header. */
export async function serveWorkerHealth(
  worker: DrainableWorker,
  options: WorkerHealthOptions,
): Promise<WorkerHealth> {
  if (options.port === undefined) return { port: 0, draining: () => {}, close: async () => {} };
  const maxLag = options.maxLoopLagMs ?? 10_000;
  const pingTimeout = options.pingTimeoutMs ?? 2_000;
  let lastTick = Date.now();
  let lag = 0;
  const ticker = setInterval(() => {
    const now = Date.now();
    lag = Math.max(0, now - lastTick - LOOP_TICK_MS);
    lastTick = now;
  }, LOOP_TICK_MS);
  ticker.unref();
  let isDraining = false;

  const queueAnswers = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      // A read the worker's Redis ACL allows (its own queue's keys): the connection answers.
      const client = await worker.getBackend().client;
      await Promise.race([
        client.llen(worker.toKey('wait')),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('queue connection timed out')), pingTimeout);
        }),
      ]);
      return client.status === 'ready';
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  const server: Server = createServer((request, response) => {
    const answer = (ok: boolean, body: Record<string, unknown>) => {
      response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable', ...body }));
    };
    if (request.method !== 'GET') return answer(false, { error: 'method' });
    if (request.url === '/health') {
      const loopOk = lag <= maxLag;
      void queueAnswers().then((queue) =>
        answer(loopOk && queue, { eventLoopLagMs: lag, queue: queue ? 'ok' : 'unreachable' }),
      );
      return;
    }
    if (request.url === '/ready') {
      const taking = !isDraining && worker.isRunning() && !worker.isPaused();
      return answer(taking, { takingJobs: taking });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Beside the process it replaces during a supervisor's roll (supervised.ts).
    server.listen({ port: options.port, host: options.host, reusePort: listenReusingPort() }, () =>
      resolve(),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  options.log.info({ port }, 'worker health server listening');
  return {
    port,
    draining: () => {
      isDraining = true;
    },
    close: async () => {
      clearInterval(ticker);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
