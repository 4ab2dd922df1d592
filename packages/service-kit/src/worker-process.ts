// A worker process's start and stop, the same for every queue: consume it, answer the probes once
// connected, and on shutdown go unready first, then drain the jobs in flight.
import { DEFAULT_SHUTDOWN_GRACE_MS } from './lifecycle.js';
import { type DrainableWorker, startWorker, type WorkerOptions } from './worker.js';
import { serveWorkerHealth } from './worker-health.js';

export interface WorkerProcess {
  worker: DrainableWorker;
  /** Readiness off, the running jobs given `graceMs` to finish, then the health server closed. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Starts consuming `options.queue` and resolves once connected, with the health server on
 * `health.port` (HEALTH_PORT; unset: none).
 * @example const { close } = await startWorkerProcess({ ...workerOptions, health: { port: config.HEALTH_PORT, host: config.HOST } })
 */
export async function startWorkerProcess(
  options: WorkerOptions & { health: { port: number | undefined; host: string } },
): Promise<WorkerProcess> {
  const { health: where, ...workerOptions } = options;
  const worker = startWorker(workerOptions);
  await worker.waitUntilReady();
  const health = await serveWorkerHealth(worker, { ...where, log: options.log });
  return {
    worker,
    close: async (graceMs = DEFAULT_SHUTDOWN_GRACE_MS) => {
      health.draining();
      await worker.drain(graceMs);
      await health.close();
    },
  };
}
