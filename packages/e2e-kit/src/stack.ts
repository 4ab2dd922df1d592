import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { type Infra, probeTcp } from '@pv/stack/infra';
import { forEachLine } from '@pv/stack/processes';
import { ensureVaultSecrets } from '@pv/stack/secrets';
import { discoverProcesses } from '@pv/stack/services';
import { acquireLock, STACK_PORTS_LOCK_FILE } from './lock.js';
import { e2eDataDir, repoRoot } from './paths.js';
import {
  buildStackEnv,
  classifyStackLine,
  DEFAULT_E2E_PORT,
  discoverServiceSettings,
  E2E_ADMIN,
  type StaffCredentials,
  stripAnsi,
} from './stack-env.js';
import { dropDatabases, infraFromEnvironment, privateEventBroker } from './stack-infra.js';

/** `npm start`'s entry point, found through @pv/stack's exports rather than a path into it. */
const STACK_CLI = createRequire(import.meta.url).resolve('@pv/stack/cli');

export interface StartStackOptions {
  /** Extra variables for every process of the stack, e.g. `{ SONIOX_API_URL: fake.url }`. */
  env?: Record<string, string>;
  /** The gateway's port (default E2E_PORT or 18080; another free port when that one is taken). */
  port?: number;
}

export interface E2eStack {
  /** The gateway, serving the SPAs at / and /admin and the API, e.g. http://localhost:18080. */
  baseUrl: string;
  /** The first admin, seeded from ADMIN_EMAIL / ADMIN_PASSWORD. */
  admin: StaffCredentials;
  /** The vault's admin key (VAULT_ADMIN_KEY), when known. */
  vaultAdminKey?: string;
  /** The mail catcher (MailDev: web UI and `GET /api/email`); E2E_MAIL_URL for an external stack. */
  mailUrl?: string;
  /** The stack's output (undefined for an external stack). */
  logFile?: string;
  /** Stops what startStack started and releases the lock; a no-op for an external stack. */
  stop(): Promise<void>;
}

// Machine-wide, not per checkout: the services' ports (8081-8087) are machine-wide, so two
// clones running their e2e suites (or the fault suite) at once must wait for each other too.
const LOCK_FILE = STACK_PORTS_LOCK_FILE;
const LOCK_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 30_000;
const TAIL_LINES = 40;

function numberFrom(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** `port` if 127.0.0.1:port can be bound now, else a port the system picks. */
export function freePort(port: number): Promise<number> {
  const tryListen = (candidate: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(undefined));
      server.listen({ port: candidate, host: '127.0.0.1', exclusive: true }, () => {
        const address = server.address();
        const bound = typeof address === 'object' && address ? address.port : undefined;
        server.close(() => resolve(bound));
      });
    });
  return tryListen(port).then(async (bound) => bound ?? (await tryListen(0)) ?? port);
}

/** The processes of a group that are still alive (signal 0 to the group). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

class StackOutput {
  readonly lines: string[] = [];
  private readonly byService = new Map<string, string[]>();
  constructor(private readonly log: WriteStream) {}

  add(line: string): void {
    this.log.write(`${line}\n`);
    this.lines.push(line);
    if (this.lines.length > 2000) this.lines.splice(0, this.lines.length - 2000);
    // Supervisor lines look like `auth       | {...}`.
    const match = /^(\S+)\s+\| /.exec(line);
    if (match) {
      const list = this.byService.get(match[1]!) ?? [];
      list.push(line);
      if (list.length > 200) list.shift();
      this.byService.set(match[1]!, list);
    }
  }

  tail(count = TAIL_LINES): string {
    return this.lines.slice(-count).join('\n');
  }

  serviceTail(service: string, count = 25): string {
    return (this.byService.get(service) ?? []).slice(-count).join('\n');
  }
}

function failureMessage(
  headline: string,
  output: StackOutput,
  logFile: string,
  services: string[],
): string {
  const parts = [headline];
  for (const service of [...new Set(services)]) {
    const tail = output.serviceTail(service);
    parts.push(`--- last output of ${service} ---\n${tail || '(nothing printed)'}`);
  }
  parts.push(`--- last ${TAIL_LINES} lines of the stack ---\n${output.tail() || '(nothing yet)'}`);
  parts.push(`Full output: ${logFile}`);
  return parts.join('\n');
}

/**
 * Starts the real product for browser tests, as `npm start` does (tools/stack `cli.ts start`:
 * builds the SPAs, starts every service and worker and the gateway), on e2e databases that are
 * dropped first, with a fixed e2e admin. Services keep their fixed ports (8081-8087), so a lock
 * file (pv-e2e-stack.lock in the OS temp folder) makes concurrent e2e runs wait for each other. The stack's output
 * goes to .data/e2e/logs/stack-<timestamp>.log. With E2E_BASE_URL set, nothing is started and
 * that running stack is used (admin from E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD).
 *
 * @example
 *   const stack = await startStack({ env: { SONIOX_API_URL: fakeSoniox.url } });
 *   try { await page.goto(stack.baseUrl); } finally { await stack.stop(); }
 */
export async function startStack(options: StartStackOptions = {}): Promise<E2eStack> {
  const external = process.env.E2E_BASE_URL?.trim();
  if (external) {
    return {
      baseUrl: external.replace(/\/+$/, ''),
      admin: {
        email: process.env.E2E_ADMIN_EMAIL ?? process.env.ADMIN_EMAIL ?? E2E_ADMIN.email,
        password:
          process.env.E2E_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD ?? E2E_ADMIN.password,
        totpSecret:
          process.env.E2E_ADMIN_TOTP_SECRET ??
          process.env.ADMIN_TOTP_SECRET ??
          E2E_ADMIN.totpSecret,
      },
      ...(process.env.VAULT_ADMIN_KEY ? { vaultAdminKey: process.env.VAULT_ADMIN_KEY } : {}),
      ...(process.env.E2E_MAIL_URL ? { mailUrl: process.env.E2E_MAIL_URL } : {}),
      stop: async () => {},
    };
  }

  const logDir = path.join(e2eDataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const lock = await acquireLock(LOCK_FILE, {
    timeoutMs: LOCK_TIMEOUT_MS,
    onWait: (holder) =>
      process.stderr.write(
        `[e2e] another e2e run${holder ? ` (pid ${holder})` : ''} holds ${LOCK_FILE}; waiting for it to finish...\n`,
      ),
  }).catch((err: unknown) => {
    throw new Error(
      `Could not take the e2e lock: ${err instanceof Error ? err.message : err}. ` +
        'Another e2e run is using the fixed service ports; wait for it or stop it.',
    );
  });

  let infra: Infra | undefined;
  let privateNats: { url: string; dispose: () => Promise<void> } | undefined;
  let child: ChildProcess | undefined;
  let log: WriteStream | undefined;
  const cleanup = async () => {
    if (child?.pid !== undefined) await stopProcessGroup(child);
    child = undefined;
    if (privateNats) await privateNats.dispose().catch(() => {});
    privateNats = undefined;
    if (infra) await infra.stop().catch(() => {});
    infra = undefined;
    if (log) await new Promise<void>((resolve) => log!.end(() => resolve()));
    log = undefined;
    lock.release();
  };
  // If the test runner exits without calling stop() (Ctrl-C), the stack must not outlive it.
  const onExit = () => {
    if (child?.pid !== undefined) killGroup(child.pid, 'SIGTERM');
    lock.release();
  };
  process.once('exit', onExit);

  try {
    const port = await freePort(options.port ?? numberFrom(process.env.E2E_PORT, DEFAULT_E2E_PORT));
    await assertServicePortsFree(port);

    infra = await infraFromEnvironment();
    privateNats = await privateEventBroker();
    const settings = discoverServiceSettings(repoRoot);
    await dropDatabases(infra.postgresUrl, Object.values(settings.databases));

    const mail = { webPort: await freePort(0), smtpPort: await freePort(0) };
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const logFile = path.join(logDir, `stack-${stamp}.log`);
    log = createWriteStream(logFile);
    const output = new StackOutput(log);
    const env = buildStackEnv({
      parentEnv: process.env,
      port,
      infra: privateNats ? { ...infra, natsUrl: privateNats.url } : infra,
      settings,
      admin: E2E_ADMIN,
      redisKeyPrefix: `pv:e2e:${randomBytes(4).toString('hex')}:`,
      mail,
      ...(options.env ? { extra: options.env } : {}),
    });
    child = spawn(
      process.execPath,
      ['--import', 'tsx', STACK_CLI, 'start'],
      // Its own process group, so that stop() can make sure nothing of it is left behind.
      { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    const started = child;
    await waitUntilReady(started, output, logFile);

    const baseUrl = `http://localhost:${port}`;
    const health = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(10_000) }).catch(
      (err: unknown) => err as Error,
    );
    if (health instanceof Error || !health.ok) {
      throw new Error(
        failureMessage(
          `The stack said it was ready, but ${baseUrl}/health answered ${health instanceof Error ? health.message : health.status}.`,
          output,
          logFile,
          [],
        ),
      );
    }
    let vaultAdminKey: string | undefined;
    try {
      vaultAdminKey = ensureVaultSecrets(path.join(repoRoot, '.data', 'keys')).adminKey;
    } catch {
      vaultAdminKey = undefined;
    }
    return {
      baseUrl,
      admin: { ...E2E_ADMIN },
      ...(vaultAdminKey ? { vaultAdminKey } : {}),
      mailUrl: `http://localhost:${mail.webPort}`,
      logFile,
      stop: async () => {
        process.removeListener('exit', onExit);
        await cleanup();
      },
    };
  } catch (err) {
    process.removeListener('exit', onExit);
    await cleanup();
    throw err;
  }
}

async function assertServicePortsFree(gatewayPort: number): Promise<void> {
  const servers = discoverProcesses(repoRoot, { gatewayPort }).filter(
    (p) => p.kind === 'server' && p.service !== 'gateway',
  );
  const busy: string[] = [];
  for (const server of servers) {
    if (await probeTcp('127.0.0.1', server.port, 500)) busy.push(`${server.port} (${server.name})`);
  }
  if (busy.length > 0) {
    throw new Error(
      `The service ports ${busy.join(', ')} are already in use, probably by \`npm start\`. ` +
        'Stop it, or run the e2e suite against it: E2E_BASE_URL=http://localhost:8080 (with ' +
        'E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD).',
    );
  }
}

function waitUntilReady(child: ChildProcess, output: StackOutput, logFile: string): Promise<void> {
  const timeoutMs = numberFrom(process.env.E2E_START_TIMEOUT_MS, DEFAULT_START_TIMEOUT_MS);
  return new Promise<void>((resolve, reject) => {
    const crashed: string[] = [];
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => {
      settle(
        new Error(
          failureMessage(
            `The e2e stack was not ready within ${Math.round(timeoutMs / 1000)} s (E2E_START_TIMEOUT_MS).`,
            output,
            logFile,
            crashed,
          ),
        ),
      );
    }, timeoutMs);
    const onLine = (raw: string) => {
      const line = stripAnsi(raw);
      output.add(line);
      if (settled) return;
      const event = classifyStackLine(line);
      if (!event) return;
      if (event.kind === 'crashed') {
        crashed.push(event.service);
      } else if (event.kind === 'failed') {
        const services = [...crashed, ...event.services];
        settle(
          new Error(
            failureMessage(
              `The e2e stack did not start: ${event.reason.replace(/ \(see their output above\)/, '')}` +
                (services.length > 0
                  ? `\nServices at fault: ${[...new Set(services)].join(', ')}`
                  : ''),
              output,
              logFile,
              services,
            ),
          ),
        );
      } else if (crashed.length > 0) {
        // Every server answered, but a worker died on the way.
        settle(
          new Error(
            failureMessage(
              `The e2e stack started, but ${crashed.join(', ')} stopped during start-up.`,
              output,
              logFile,
              crashed,
            ),
          ),
        );
      } else {
        settle();
      }
    };
    if (child.stdout) forEachLine(child.stdout, onLine);
    if (child.stderr) forEachLine(child.stderr, onLine);
    child.once('error', (err) =>
      settle(new Error(`Could not run ${STACK_CLI} start: ${err.message}`)),
    );
    child.once('exit', (code, signal) => {
      settle(
        new Error(
          failureMessage(
            `The e2e stack exited during start-up (${signal ? `signal ${signal}` : `exit code ${code}`}).`,
            output,
            logFile,
            crashed,
          ),
        ),
      );
    });
  });
}

/** SIGTERM to the stack CLI (it stops its children), SIGKILL to the whole group after a timeout. */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid!;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  if (!exited()) {
    try {
      child.kill('SIGTERM');
    } catch {
      // already gone
    }
    if (!(await waitFor(exited, STOP_TIMEOUT_MS))) killGroup(pid, 'SIGKILL');
  }
  // The CLI waits for its children, but a grandchild that ignored it must not survive the run.
  if (!(await waitFor(() => !groupAlive(pid), 5000))) {
    killGroup(pid, 'SIGKILL');
    await waitFor(() => !groupAlive(pid), 5000);
  }
}
