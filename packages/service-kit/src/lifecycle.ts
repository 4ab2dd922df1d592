import type { FastifyInstance } from 'fastify';
import { ConfigError } from './config.js';
import { runDeadLetterCli } from './dead-letters.js';
import { announceReady, listenOptions } from './supervised.js';
import { stopTracing } from './tracing.js';

/**
 * How long a process drains after SIGTERM before it gives up: an LLM call may take 110 s, so the
 * default outlasts it; Kubernetes' terminationGracePeriodSeconds and compose's stop_grace_period
 * are generated a little longer (tools/stack/src/catalog).
 */
export const DEFAULT_SHUTDOWN_GRACE_MS = 120_000;

/** SHUTDOWN_GRACE_MS from the environment, or the default; an invalid value is a config error. */
export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SHUTDOWN_GRACE_MS;
  if (raw === undefined || raw === '') return DEFAULT_SHUTDOWN_GRACE_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new ConfigError([
      `SHUTDOWN_GRACE_MS must be a whole number of milliseconds, got "${raw}"`,
    ]);
  return value;
}

/** Something a process holds open and lets go of on shutdown. */
export type Closable = { close(): unknown } | { stop(): unknown };

/** What a process gives runService/runProcess to close, last held first. */
export type Hold = <T extends Closable>(resource: T) => T;

/** Whatever a process needs to listen: every service config has both. */
export interface ListenConfig {
  PORT: number;
  HOST: string;
}

/**
 * The whole of a service's server.ts: load the config, open what the service holds (each
 * `hold(...)` is closed on shutdown, last held first), build the app, listen. On SIGTERM/SIGINT it
 * drains: Fastify stops accepting connections and answers 503 (so /ready fails and the load
 * balancer moves on), the requests in flight finish, then the held resources close; after
 * SHUTDOWN_GRACE_MS it exits anyway. A config error stops the process with the variables at fault.
 * @example
 * await runService(loadBillingConfig, async (config, hold) => {
 *   const runtime = hold(await openBilling(config));
 *   return buildBillingApp({ config, runtime });
 * });
 */
export async function runService<C extends ListenConfig>(
  loadConfig: () => C,
  build: (config: C, hold: Hold) => Promise<FastifyInstance>,
): Promise<void> {
  // `node main.mjs dead-letters ...`: the operator's tool, not the server (see below).
  if (process.argv[2] === 'dead-letters') {
    await runDeadLetterCommand(loadConfig, process.argv.slice(3));
    return;
  }
  // `node main.mjs migrate`: the release's migration Job (Kubernetes). It opens the service as at
  // start, which migrates (and seeds), then closes everything without serving and exits 0.
  const migrateOnly = process.argv[2] === 'migrate';
  if (migrateOnly) process.env.MIGRATE_AT_START = 'true';
  const held: Closable[] = [];
  const closeHeld = async () => {
    for (const resource of held.splice(0).reverse()) {
      await ('close' in resource ? resource.close() : resource.stop());
    }
  };
  try {
    const graceMs = shutdownGraceMs();
    const config = loadConfig();
    const app = await build(config, (resource) => {
      held.push(resource);
      return resource;
    });
    if (migrateOnly) {
      await app.close();
      await closeHeld();
      console.error('migrations applied; exiting');
      process.exit(0);
    }
    await app.listen(listenOptions(config.PORT, config.HOST));
    onShutdown(graceMs, async () => {
      await app.close();
      await closeHeld();
    });
    announceReady();
  } catch (error) {
    await closeHeld().catch(() => undefined);
    exitWith(error);
  }
}

/**
 * `node main.mjs dead-letters <list|replay|delete> ...` (what `kubectl exec deploy/<service> --`
 * runs): the operator's tool over the service's outbox dead letters, with the process's own
 * configuration and database role; it opens the database only, prints, and exits.
 */
async function runDeadLetterCommand(
  loadConfig: () => ListenConfig,
  args: readonly string[],
): Promise<void> {
  try {
    const config = loadConfig() as ListenConfig & Record<string, unknown>;
    const databaseKey = Object.keys(config).find((key) => key.endsWith('_DATABASE'));
    const postgresUrl = config.POSTGRES_URL;
    if (!databaseKey || typeof postgresUrl !== 'string') {
      throw new Error('this process has no database of its own, so no outbox dead letters');
    }
    await runDeadLetterCli({
      service: databaseKey.slice(0, -'_DATABASE'.length).toLowerCase(),
      postgresUrl,
      database: String(config[databaseKey]),
      args,
    });
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/**
 * A long-lived process without HTTP (a worker) under the same rules: `start` opens what it runs
 * and returns how to drain it within the grace it is given (see drainWorker).
 * @example await runProcess(async () => startPdfWorker(loadDocumentsConfig()));
 */
export async function runProcess(
  start: () => Promise<{ close: (graceMs: number) => Promise<void> }>,
): Promise<void> {
  const graceMs = shutdownGraceMs();
  const starting = start();
  // Signals are ours from the first moment: a worker may take a job before `start` returns, and a
  // SIGTERM then must drain it like any other instead of killing the process mid-job. The
  // worker's own drain hands its jobs back before the grace runs out; the process-wide timer is
  // the last resort if even that hangs.
  onShutdown(graceMs + 5_000, async () => (await starting).close(graceMs));
  try {
    await starting;
    announceReady();
  } catch (error) {
    exitWith(error);
  }
}

function exitWith(error: unknown): void {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Failed to start:', error);
  process.exit(1);
}

function onShutdown(graceMs: number, close: () => Promise<void>): void {
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.error(`${signal} received; draining (at most ${Math.round(graceMs / 1000)} s)`);
    const force = setTimeout(() => {
      console.error(`Draining after ${signal} took over ${graceMs} ms; exiting`);
      process.exit(1);
    }, graceMs);
    force.unref();
    try {
      await close();
      // The spans of the drain itself are sent before the process goes.
      await stopTracing();
      process.exit(0);
    } catch (error) {
      console.error('Error while shutting down:', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
