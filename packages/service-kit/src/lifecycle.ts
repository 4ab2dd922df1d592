import type { FastifyInstance } from 'fastify';
import { ConfigError } from './config.js';

/**
 * The whole of a server.ts: build, listen, and on SIGINT/SIGTERM stop taking requests, finish the
 * ones in flight, then close what the service holds. A config error stops the process with the
 * names of the variables at fault.
 * @example runServer(async () => { const app = await buildApp(deps); return { app, port, host, close } })
 */
export async function runServer(
  build: () => Promise<{
    app: FastifyInstance;
    port: number;
    host: string;
    close: () => Promise<void>;
  }>,
): Promise<void> {
  let started: Awaited<ReturnType<typeof build>>;
  try {
    started = await build();
    await started.app.listen({ port: started.port, host: started.host });
  } catch (error) {
    exitWith(error);
    return;
  }
  onShutdown(async () => {
    await started.app.close();
    await started.close();
  });
}

/** Runs a long-lived non-HTTP process (a worker) with the same shutdown rules. */
export async function runProcess(
  start: () => Promise<{ close: () => Promise<void> }>,
): Promise<void> {
  try {
    const running = await start();
    onShutdown(running.close);
  } catch (error) {
    exitWith(error);
  }
}

function exitWith(error: unknown): void {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Failed to start:', error);
  process.exit(1);
}

function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      console.error(`Shutdown after ${signal} took too long; exiting`);
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await close();
      process.exit(0);
    } catch (error) {
      console.error('Error while shutting down:', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
