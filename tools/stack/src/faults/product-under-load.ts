// What the fault suite and the capacity scenario share: the whole product started with `npm start`
// on private PostgreSQL, Redis and NATS (so restarts and load never touch servers other work uses),
// held behind the machine-wide port lock, and Premium clinicians signed in through the gateway.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { TEST_ADMIN_TOTP_SECRET } from '@pv/service-kit/testing';
import { PROCESSES } from '../catalog/index.js';
import { acquireLock, type FileLock, STACK_PORTS_LOCK_FILE } from '../lock.js';
import { info } from '../log.js';
import { repoRoot } from '../paths.js';
import { GatewayClient } from './load.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(1000);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function answersOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
  await response.body?.cancel();
  return response.ok;
}

/**
 * The services listen on the fixed ports 8081-8087, as in the browser suites: take their
 * machine-wide lock (waiting for a running suite); release it once the stack is down.
 */
export function takePortLock(timeoutMs: number): Promise<FileLock> {
  return acquireLock(STACK_PORTS_LOCK_FILE, {
    timeoutMs,
    onWait: (holder) =>
      info(
        `another run of the stack${holder ? ` (pid ${holder})` : ''} holds ${STACK_PORTS_LOCK_FILE}; waiting for it to finish...`,
      ),
  });
}

/**
 * Interrupted (Ctrl-C, SIGTERM): `stop` what was started (the stack is its own process group),
 * then free the port lock and exit 130.
 */
export function stopOnInterrupt(lock: FileLock, stop: () => Promise<unknown>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void stop().finally(() => {
        lock.release();
        process.exit(130);
      });
    });
}

export interface ProductUnderLoad {
  baseUrl: string;
  /** The `npm start` process: every product process runs below it. */
  pid: number;
  /** Stops the whole process group and waits for it. */
  stop(): Promise<void>;
}

/**
 * `npm start` on private servers at `port`, its output in .data/<logFolder>/stack-<time>.log,
 * answered once the gateway and every service are ready. `env` adds to (and wins over) ours.
 */
export async function startProductUnderLoad(options: {
  port: number;
  admin: { email: string; password: string };
  env: Record<string, string>;
  logFolder: string;
}): Promise<ProductUnderLoad> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const logDir = path.join(repoRoot, '.data', options.logFolder);
  mkdirSync(logDir, { recursive: true });
  const stackLog = path.join(logDir, `stack-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
  info(`starting the stack on private servers (log: ${path.relative(repoRoot, stackLog)})...`);
  const logFd = openSync(stackLog, 'a');
  const stack = spawn(process.execPath, ['--import', 'tsx', 'tools/stack/src/cli.ts', 'start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PV_FORCE_PRIVATE_INFRA: '1',
      PORT: String(options.port),
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      // The suites sign in as the admin with the code of the moment (withTotp).
      ADMIN_TOTP_SECRET: TEST_ADMIN_TOTP_SECRET,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  const stop = async () => {
    if (stack.exitCode === null && stack.pid) process.kill(-stack.pid, 'SIGINT');
    await new Promise((resolve) =>
      stack.exitCode === null ? stack.once('exit', resolve) : resolve(null),
    );
  };
  try {
    await waitFor('the gateway', () => answersOk(`${baseUrl}/health`));
    // /ready/upstreams is an operators' endpoint, on the gateway's internal port only.
    const internalPort = PROCESSES.find((p) => p.name === 'gateway')?.internalPort ?? 9464;
    await waitFor('every service', () =>
      answersOk(`http://127.0.0.1:${internalPort}/ready/upstreams`),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, pid: stack.pid as number, stop };
}

/** `count` clinicians made Premium by the admin (no monthly limit interferes), each signed in. */
export async function makePremiumClinicians(
  baseUrl: string,
  admin: GatewayClient,
  count: number,
  label: string,
): Promise<{ user: string; client: GatewayClient }[]> {
  const password = 'Senha-forte-2026!';
  const clinicians = [];
  for (let i = 0; i < count; i += 1) {
    const client = new GatewayClient(baseUrl);
    const email = `${label}.${Date.now().toString(36)}.${i}@clinica.test`;
    const created = await client.call('POST', '/auth/register', {
      firstName: 'Clínica',
      lastName: `${label} ${i}`,
      email,
      password,
    });
    const id = (created.json?.user as { id?: string } | undefined)?.id;
    if (created.status !== 201 || !id) throw new Error(`register answered ${created.status}`);
    const grant = await admin.call('PUT', `/api/admin/users/${id}`, { isPremium: true });
    if (grant.status !== 200) throw new Error(`grant Premium answered ${grant.status}`);
    // A fresh session carries the Premium flag.
    await client.call('POST', '/auth/login', { email, password });
    clinicians.push({ user: id, client });
  }
  return clinicians;
}
