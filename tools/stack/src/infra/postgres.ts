// PostgreSQL: how to tell one lets us in, where its binaries are, and a private cluster of it
// (initialised on first use, run as an unprivileged account when we are root).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { info, warn } from '../log.js';
import { repoRoot } from '../paths.js';
import { COMPONENTS, InfraError, LOCALHOST, localUrl, postgresUrl } from './components.js';
import {
  COMMON_BIN_DIRS,
  display,
  isExecutableFile,
  isRoot,
  tailFile,
  versionedDirs,
} from './host.js';
import type { ProbeResult } from './net.js';
import { type Context, type Running, startPrivateServer } from './private-process.js';

/** Connects for real: an open port is not enough when the role or password is refused. */
export async function probePostgres(serverUrl: string, timeoutMs = 3000): Promise<ProbeResult> {
  const url = new URL(serverUrl);
  // A server URL has no database, and pg would default to one named after the role.
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: url.toString(),
    connectionTimeoutMillis: timeoutMs,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The first Postgres role that the local server at `port` lets in without a password. */
export async function findPostgresRole(port: number): Promise<string | undefined> {
  const candidates = ['postgres', os.userInfo().username].filter(
    (name, index, all) => name !== '' && all.indexOf(name) === index,
  );
  for (const role of candidates) {
    const url = postgresUrl(role, port);
    if ((await probePostgres(url)).ok) return url;
  }
  return undefined;
}

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** initdb and postgres from the same installation (mixing versions makes initdb refuse). */
export function findPostgresBinaries(
  searchPath = process.env.PATH ?? '',
): PostgresBinaries | undefined {
  const dirs = [
    ...searchPath.split(path.delimiter).filter((d) => d !== ''),
    ...versionedDirs('/usr/lib/postgresql', /^(\d+)$/, 'bin'),
    ...versionedDirs('/opt/homebrew/opt', /^postgresql@(\d+)$/, 'bin'),
    ...versionedDirs('/usr/local/opt', /^postgresql@(\d+)$/, 'bin'),
    '/usr/local/pgsql/bin',
    ...COMMON_BIN_DIRS,
  ];
  for (const dir of dirs) {
    const initdb = path.join(dir, 'initdb');
    const postgres = path.join(dir, 'postgres');
    if (isExecutableFile(initdb) && isExecutableFile(postgres)) return { initdb, postgres };
  }
  return undefined;
}

interface UserIds {
  name: string;
  uid: number;
  gid: number;
}

function lookupUser(name: string): UserIds | undefined {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const fields = line.split(':');
      if (fields[0] === name && fields[2] !== undefined && fields[3] !== undefined) {
        return { name, uid: Number(fields[2]), gid: Number(fields[3]) };
      }
    }
  } catch {
    // no /etc/passwd: not a Unix we can drop privileges on
  }
  return undefined;
}

function canWrite(user: UserIds, dir: string): boolean {
  const result = spawnSync('sh', ['-c', 'test -w "$1" && test -x "$1"', 'sh', dir], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
  });
  return result.status === 0;
}

function postgresMajor(postgresBin: string): string | undefined {
  const result = spawnSync(postgresBin, ['--version'], { encoding: 'utf8' });
  return /(\d+)(?:\.\d+)?/.exec(result.stdout ?? '')?.[1];
}

/** The cluster's folder, handed to `runAs` (moved to a temp folder when that account cannot reach it). */
function prepareDataDir(ctx: Context, runAs: UserIds | undefined): string {
  let dataDir = path.join(ctx.dataRoot, 'postgres');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!runAs) return dataDir;
  chownSync(dataDir, runAs.uid, runAs.gid);
  if (canWrite(runAs, dataDir)) return dataDir;
  // e.g. a checkout under /root, which other accounts cannot traverse
  const fallback = path.join(
    os.tmpdir(),
    `pv-stack-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 8)}-${ctx.mode}`,
  );
  mkdirSync(fallback, { recursive: true, mode: 0o700 });
  chownSync(fallback, runAs.uid, runAs.gid);
  dataDir = path.join(fallback, 'postgres');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chownSync(dataDir, runAs.uid, runAs.gid);
  warn(`user ${runAs.name} cannot reach ${ctx.dataRoot}; keeping PostgreSQL data in ${dataDir}`);
  return dataDir;
}

/** Runs initdb once; refuses a cluster of another major version than the binaries. */
function initCluster(
  ctx: Context,
  bins: PostgresBinaries,
  dataDir: string,
  ids: { uid?: number; gid?: number },
): void {
  const logFile = path.join(ctx.logDir, 'postgres.log');
  const versionFile = path.join(dataDir, 'PG_VERSION');
  const binMajor = postgresMajor(bins.postgres);
  if (existsSync(versionFile)) {
    const dataMajor = readFileSync(versionFile, 'utf8').trim();
    if (binMajor !== undefined && dataMajor !== binMajor) {
      throw new InfraError(
        `${dataDir} holds a PostgreSQL ${dataMajor} cluster but ${bins.postgres} is PostgreSQL ${binMajor}. ` +
          `Delete that folder (it only holds local development data) or put PostgreSQL ${dataMajor} on PATH.`,
      );
    }
    return;
  }
  info(`initialising a private PostgreSQL ${binMajor ?? ''} cluster in ${display(dataDir)}`);
  const fd = openSync(logFile, 'a');
  const result = spawnSync(
    bins.initdb,
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'],
    // The unprivileged user may not be able to enter the current folder.
    { stdio: ['ignore', fd, fd], cwd: dataDir, ...ids },
  );
  closeSync(fd);
  if (result.status !== 0) {
    throw new InfraError(
      `initdb failed (${result.error?.message ?? `exit code ${result.status}`}).\n` +
        `Last lines of ${display(logFile)}:\n${tailFile(logFile)}`,
    );
  }
}

export async function startPrivatePostgres(ctx: Context, bins: PostgresBinaries): Promise<Running> {
  const port = COMPONENTS.postgres.privatePort;
  // postgres refuses to run as root: as root, hand the data folder to an unprivileged account.
  const runAs = isRoot() ? (lookupUser('postgres') ?? lookupUser('nobody')) : undefined;
  const dataDir = prepareDataDir(ctx, runAs);
  const ids = runAs ? { uid: runAs.uid, gid: runAs.gid } : {};
  initCluster(ctx, bins, dataDir, ids);

  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    `listen_addresses=${LOCALHOST}`,
    // No socket file: its default folder may not exist or be writable, and TCP is all we use.
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  if (ctx.mode === 'test') {
    // Throwaway test data: durability only costs time here.
    args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }
  const url = localUrl('postgres', port);
  const handle = await startPrivateServer(ctx, {
    name: 'PostgreSQL',
    command: bins.postgres,
    args,
    // SIGINT is PostgreSQL's "fast" shutdown: it does not wait for idle clients to hang up.
    spawn: { ...ids, cwd: dataDir, stopSignal: 'SIGINT', logName: 'postgres' },
    probe: () => probePostgres(url),
    timeoutMs: 60_000,
  });
  return {
    description: `private instance (${bins.postgres}, data in ${display(dataDir)})`,
    stop: handle.stop,
  };
}
