import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eventually } from './eventually.js';
import { canConnect, freePort } from './private-nats.js';

/**
 * A store of the test's own on a free port, which the test can make vanish and come back (same
 * port, same data): to prove what a request meets while PostgreSQL or Redis restarts, without
 * touching the machine's shared servers that other work uses.
 */
export interface PrivateStore {
  url: string;
  /** Stops the server (its clients see their connections close, then refused). */
  stop(): Promise<void>;
  /** Starts it again and resolves once it accepts connections. */
  start(): Promise<void>;
}

function findBinary(name: string, dirs: string[]): string | undefined {
  const candidates = [...(process.env.PATH ?? '').split(':'), ...dirs].map((d) => join(d, name));
  return candidates.find((c) => existsSync(c));
}

function postgresBinDir(): string | undefined {
  const onPath = findBinary('initdb', []);
  if (onPath) return join(onPath, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = spawnSync('ls', [root], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join(root, newest, 'bin') : undefined;
}

/** The account postgres runs as when the test runs as root (postgres refuses root). */
function unprivilegedIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    const fields = line?.split(':');
    if (fields?.[2] && fields[3]) return { uid: Number(fields[2]), gid: Number(fields[3]) };
  }
  return undefined;
}

function stopper(get: () => ChildProcess | undefined, signal: NodeJS.Signals) {
  return async () => {
    const child = get();
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
}

/** A server's certificate and key (PEM files), and the CA file its clients verify it with. */
export interface StoreTls {
  certFile: string;
  keyFile: string;
  caFile: string;
}

/**
 * A private PostgreSQL (initdb in a temp folder, trust auth, fsync off) on a free port. With
 * `tls`, it accepts TLS connections only (`hostssl` alone in pg_hba.conf) and its url says
 * `sslmode=verify-full`; its clients then need TLS_CA_FILE (or `sslrootcert`).
 * @example const pg = await startPrivatePostgres(); await pg.stop(); await pg.start();
 */
export async function startPrivatePostgres(
  options: { tls?: StoreTls } = {},
): Promise<PrivateStore & { remove(): Promise<void> }> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries (initdb, postgres) not found');
  const ids = unprivilegedIds();
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-pg-'));
  if (ids) chownSync(dataDir, ids.uid, ids.gid);
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'],
    { cwd: dataDir, stdio: 'ignore', ...(ids ?? {}) },
  );
  if (init.status !== 0) throw new Error(`initdb failed with code ${init.status}`);
  const tlsArgs = options.tls ? postgresTls(dataDir, options.tls, ids) : [];
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      join(bin, 'postgres'),
      [
        ...['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
        ...['-c', 'unix_socket_directories=', '-c', 'fsync=off'],
        ...tlsArgs,
      ],
      { cwd: dataDir, stdio: 'ignore', ...(ids ?? {}) },
    );
    // Accepting TCP is not enough: 'the database system is starting up' until recovery is done.
    await eventually(() => answersQueries(port, options.tls), 30_000);
  };
  // SIGINT: PostgreSQL's fast shutdown, which ends every session (what a restart does).
  const stop = stopper(() => child, 'SIGINT');
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}${options.tls ? '?sslmode=verify-full' : ''}`,
    stop,
    start,
    async remove() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server's certificate and key in its data folder (PostgreSQL wants the key readable by its
 * own account only) and pg_hba.conf with TLS lines alone: a plaintext connection finds no entry.
 */
function postgresTls(
  dataDir: string,
  tls: StoreTls,
  ids: { uid: number; gid: number } | undefined,
): string[] {
  const cert = join(dataDir, 'server.crt');
  const key = join(dataDir, 'server.key');
  copyFileSync(tls.certFile, cert);
  copyFileSync(tls.keyFile, key);
  chmodSync(key, 0o600);
  if (ids) for (const file of [cert, key]) chownSync(file, ids.uid, ids.gid);
  writeFileSync(
    join(dataDir, 'pg_hba.conf'),
    'hostssl all all 127.0.0.1/32 trust\nhostssl all all ::1/128 trust\n',
  );
  return ['-c', 'ssl=on', '-c', `ssl_cert_file=${cert}`, '-c', `ssl_key_file=${key}`];
}

async function answersQueries(port: number, tls?: StoreTls): Promise<boolean> {
  const client = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    ...(tls ? { ssl: { ca: readFileSync(tls.caFile), host: '127.0.0.1' } } : {}),
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A private redis-server on a free port, with an append-only file in a temp folder: a restart
 * (SIGTERM, then start) keeps its data, as the product's Redis does. With `tls`, it listens for
 * TLS only (no plaintext port) and its url is `rediss://`.
 */
export async function startPrivateRedis(
  options: { tls?: StoreTls } = {},
): Promise<PrivateStore & { remove(): Promise<void> }> {
  const bin = findBinary('redis-server', ['/usr/bin', '/usr/local/bin']);
  if (!bin) throw new Error('redis-server not found');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pv-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      bin,
      [
        ...(options.tls
          ? [
              ...['--port', '0', '--tls-port', String(port)],
              ...['--tls-cert-file', options.tls.certFile, '--tls-key-file', options.tls.keyFile],
              ...['--tls-ca-cert-file', options.tls.caFile, '--tls-auth-clients', 'no'],
            ]
          : ['--port', String(port)]),
        ...['--bind', '127.0.0.1', '--save', ''],
        ...['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir],
      ],
      { stdio: 'ignore' },
    );
    await eventually(() => canConnect(port), 10_000);
  };
  await start();
  const stop = stopper(() => child, 'SIGTERM');
  return {
    url: `${options.tls ? 'rediss' : 'redis'}://127.0.0.1:${port}`,
    stop,
    start,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
