import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  accessSync,
  chownSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import pg from 'pg';
import { error, formatDuration, info, warn } from './log.js';
import { repoRoot } from './paths.js';

export type InfraMode = 'start' | 'test';
export type ComponentKey = 'postgres' | 'redis' | 'nats';

export interface Infra {
  postgresUrl: string;
  redisUrl: string;
  natsUrl: string;
  /** A nats-server binary on this machine, whatever provides NATS; tests use it to restart a broker. */
  natsServerBin: string | undefined;
  /** One line per component saying where it comes from, for banners. */
  summary: Record<ComponentKey, string>;
  /** Stops what this run started (private processes, containers); leaves everything else alone. */
  stop(): Promise<void>;
}

export class InfraError extends Error {
  override name = 'InfraError';
}

interface ComponentInfo {
  key: ComponentKey;
  label: string;
  envVar: string;
  protocols: string[];
  defaultPort: number;
  standardPort: number;
  privatePort: number;
  debianPackage: string;
  brewPackage: string;
}

export const COMPONENTS: Record<ComponentKey, ComponentInfo> = {
  postgres: {
    key: 'postgres',
    label: 'PostgreSQL',
    envVar: 'POSTGRES_URL',
    protocols: ['postgres:', 'postgresql:'],
    defaultPort: 5432,
    standardPort: 5432,
    privatePort: 55432,
    debianPackage: 'postgresql',
    brewPackage: 'postgresql@15',
  },
  redis: {
    key: 'redis',
    label: 'Redis',
    envVar: 'REDIS_URL',
    protocols: ['redis:', 'rediss:'],
    defaultPort: 6379,
    standardPort: 6379,
    privatePort: 56379,
    debianPackage: 'redis-server',
    brewPackage: 'redis',
  },
  nats: {
    key: 'nats',
    label: 'NATS',
    envVar: 'NATS_URL',
    protocols: ['nats:', 'tls:'],
    defaultPort: 4222,
    standardPort: 4222,
    privatePort: 54222,
    debianPackage: 'nats-server',
    brewPackage: 'nats-server',
  },
};

const ORDER: ComponentKey[] = ['postgres', 'redis', 'nats'];
const LOCALHOST = '127.0.0.1';

// ---------------------------------------------------------------------------------------------
// URLs

export interface Endpoint {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  password: string;
}

export interface ParsedServerUrl {
  /** The value to hand to clients, normalised (no trailing slash). */
  url: string;
  /** NATS accepts a comma-separated server list; the other two always have exactly one. */
  endpoints: Endpoint[];
}

/** Hides the password of every URL in `value` so that it can be printed. */
export function redactUrl(value: string): string {
  return value.replace(/(\/\/[^:/@,\s]*:)[^@/\s]*@/g, '$1***@');
}

/**
 * Parses a server URL from the environment, failing with a message that names the variable.
 * Example: parseServerUrl('redis', 'redis://127.0.0.1') gives one endpoint on port 6379.
 */
export function parseServerUrl(key: ComponentKey, raw: string): ParsedServerUrl {
  const component = COMPONENTS[key];
  const trimmed = raw.trim();
  const parts = key === 'nats' ? trimmed.split(',').map((part) => part.trim()) : [trimmed];
  const endpoints: Endpoint[] = [];
  const normalised: string[] = [];
  for (const part of parts) {
    // nats clients accept a bare host:port; every other form needs a scheme to be unambiguous.
    const withScheme = key === 'nats' && !part.includes('://') ? `nats://${part}` : part;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      throw new InfraError(
        `${component.envVar} is not a valid URL: "${redactUrl(part)}". ` +
          `Expected something like ${exampleUrl(key)}.`,
      );
    }
    if (!component.protocols.includes(url.protocol)) {
      throw new InfraError(
        `${component.envVar} must start with ${component.protocols.map((p) => `${p}//`).join(' or ')}` +
          ` (got "${redactUrl(part)}"). Expected something like ${exampleUrl(key)}.`,
      );
    }
    if (url.hostname === '') {
      throw new InfraError(`${component.envVar} has no host name: "${redactUrl(part)}".`);
    }
    if (key === 'postgres' && url.pathname !== '' && url.pathname !== '/') {
      throw new InfraError(
        `${component.envVar} must be a server URL without a database name (got "${redactUrl(part)}"): ` +
          `every service creates and uses its own database on that server. Example: ${exampleUrl(key)}.`,
      );
    }
    endpoints.push({
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port === '' ? component.defaultPort : Number(url.port),
      tls: url.protocol === 'rediss:' || url.protocol === 'tls:',
      username: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    });
    normalised.push(withScheme.replace(/\/+$/, ''));
  }
  return { url: normalised.join(','), endpoints };
}

function exampleUrl(key: ComponentKey): string {
  const c = COMPONENTS[key];
  return key === 'postgres'
    ? `postgres://postgres@${LOCALHOST}:${c.defaultPort}`
    : `${c.protocols[0]}//${LOCALHOST}:${c.defaultPort}`;
}

// ---------------------------------------------------------------------------------------------
// Probes: each answers "is a usable server there?", never throws.

export type ProbeResult = { ok: true } | { ok: false; reason: string };

/** True when something accepts TCP connections on host:port. */
export function probeTcp(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Opens a connection, optionally writes `request`, and resolves with what the server said first
 * (up to the first line break), or an error reason.
 */
function exchange(
  endpoint: Endpoint,
  request: string | undefined,
  isComplete: (received: string) => boolean,
  timeoutMs: number,
): Promise<{ reply: string } | { failure: string }> {
  return new Promise((resolve) => {
    const socket = endpoint.tls
      ? tls.connect({ host: endpoint.host, port: endpoint.port, servername: endpoint.host })
      : net.connect({ host: endpoint.host, port: endpoint.port });
    let received = '';
    let settled = false;
    const finish = (result: { reply: string } | { failure: string }) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => finish({ failure: 'no answer (timed out)' }));
    socket.once(endpoint.tls ? 'secureConnect' : 'connect', () => {
      if (request !== undefined) socket.write(request);
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (isComplete(received)) finish({ reply: received });
    });
    socket.once('error', (err: NodeJS.ErrnoException) =>
      finish({ failure: err.code ?? err.message }),
    );
    socket.once('close', () => finish({ failure: 'connection closed without an answer' }));
  });
}

function respCommand(...args: string[]): string {
  return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
}

/** A Redis server answers PING (after AUTH when the URL carries credentials). */
export async function probeRedis(endpoint: Endpoint, timeoutMs = 2000): Promise<ProbeResult> {
  let request = respCommand('PING');
  let expectedReplies = 1;
  if (endpoint.password !== '') {
    const auth =
      endpoint.username !== ''
        ? respCommand('AUTH', endpoint.username, endpoint.password)
        : respCommand('AUTH', endpoint.password);
    request = auth + request;
    expectedReplies = 2;
  }
  const countLines = (text: string) => text.split('\r\n').length - 1;
  const result = await exchange(
    endpoint,
    request,
    (text) =>
      countLines(text) >= expectedReplies || (text.startsWith('-') && countLines(text) >= 1),
    timeoutMs,
  );
  if ('failure' in result) return { ok: false, reason: result.failure };
  const lines = result.reply.split('\r\n').filter((line) => line !== '');
  const error = lines.find((line) => line.startsWith('-'));
  if (error !== undefined) return { ok: false, reason: `Redis answered "${error.slice(1)}"` };
  if (lines.at(-1) === '+PONG') return { ok: true };
  return { ok: false, reason: `not a Redis server (answered "${lines[0] ?? ''}")` };
}

/** A NATS server greets every client with an INFO line before the client says anything. */
export async function probeNats(endpoint: Endpoint, timeoutMs = 2000): Promise<ProbeResult> {
  // The greeting is plain text even for TLS servers (unless they require TLS first).
  const plain = { ...endpoint, tls: false };
  const result = await exchange(plain, undefined, (text) => text.includes('\r\n'), timeoutMs);
  if ('failure' in result) return { ok: false, reason: result.failure };
  if (result.reply.startsWith('INFO ')) return { ok: true };
  return {
    ok: false,
    reason: `not a NATS server (answered "${result.reply.slice(0, 40).trim()}")`,
  };
}

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

async function probeComponent(key: ComponentKey, url: string): Promise<ProbeResult> {
  if (key === 'postgres') return probePostgres(url);
  const { endpoints } = parseServerUrl(key, url);
  const reasons: string[] = [];
  for (const endpoint of endpoints) {
    const result = key === 'redis' ? await probeRedis(endpoint) : await probeNats(endpoint);
    if (result.ok) return result;
    reasons.push(`${endpoint.host}:${endpoint.port}: ${result.reason}`);
  }
  return { ok: false, reason: reasons.join('; ') };
}

/** The first Postgres role that the local server at `port` lets in without a password. */
async function findPostgresRole(port: number): Promise<string | undefined> {
  const candidates = ['postgres', os.userInfo().username].filter(
    (name, index, all) => name !== '' && all.indexOf(name) === index,
  );
  for (const role of candidates) {
    const url = postgresUrl(role, port);
    if ((await probePostgres(url)).ok) return url;
  }
  return undefined;
}

function postgresUrl(role: string, port: number): string {
  return `postgres://${encodeURIComponent(role)}@${LOCALHOST}:${port}`;
}

function localUrl(key: ComponentKey, port: number): string {
  return key === 'postgres' ? postgresUrl('postgres', port) : `${key}://${LOCALHOST}:${port}`;
}

// ---------------------------------------------------------------------------------------------
// Binaries

/** Finds an executable on PATH, then in `extraDirs`, in that order. */
export function findExecutable(
  name: string,
  extraDirs: string[] = [],
  searchPath = process.env.PATH ?? '',
): string | undefined {
  const dirs = [...searchPath.split(path.delimiter).filter((d) => d !== ''), ...extraDirs];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Newest version first, so that /usr/lib/postgresql/16 wins over 15. */
function versionedDirs(parent: string, pattern: RegExp, suffix: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return [];
  }
  return entries
    .map((entry) => ({ entry, match: pattern.exec(entry) }))
    .filter((item): item is { entry: string; match: RegExpExecArray } => item.match !== null)
    .sort((a, b) => Number(b.match[1]) - Number(a.match[1]))
    .map((item) => path.join(parent, item.entry, suffix));
}

const COMMON_BIN_DIRS = [
  '/usr/local/sbin',
  '/usr/local/bin',
  '/usr/sbin',
  '/usr/bin',
  '/opt/homebrew/bin',
  path.join(os.homedir(), 'go', 'bin'),
];

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

export function findRedisServer(searchPath = process.env.PATH ?? ''): string | undefined {
  return findExecutable('redis-server', COMMON_BIN_DIRS, searchPath);
}

export function findNatsServer(searchPath = process.env.PATH ?? ''): string | undefined {
  return findExecutable('nats-server', COMMON_BIN_DIRS, searchPath);
}

function hasBinaries(key: ComponentKey): boolean {
  if (key === 'postgres') return findPostgresBinaries() !== undefined;
  if (key === 'redis') return findRedisServer() !== undefined;
  return findNatsServer() !== undefined;
}

// ---------------------------------------------------------------------------------------------
// The message shown when nothing works

/** One message listing what to install for the components that could not be provided. */
export function missingInfraMessage(missing: ComponentKey[]): string {
  const items = ORDER.filter((key) => missing.includes(key)).map((key) => COMPONENTS[key]);
  const names = items.map((c) => c.label).join(', ');
  const debian = items.map((c) => c.debianPackage).join(' ');
  const brew = items.map((c) => c.brewPackage).join(' ');
  const vars = items.map((c) => c.envVar).join(' / ');
  return [
    `${names} ${items.length === 1 ? 'is' : 'are'} needed, and this machine has no running server, no installed binaries and no working Docker for ${items.length === 1 ? 'it' : 'them'}.`,
    'Install the missing servers, then run the command again:',
    `  Debian/Ubuntu:     sudo apt-get install -y --no-install-recommends ${debian}`,
    `  macOS (Homebrew):  brew install ${brew}`,
    'The servers need not be running: the stack starts private instances from the binaries, under .data/.',
    `Alternatively start Docker (the official images are used then), or set ${vars} to servers you already run.`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Private instances

interface Running {
  description: string;
  stop(): Promise<void>;
}

interface Context {
  mode: InfraMode;
  dataRoot: string;
  logDir: string;
  onUnexpectedExit: (label: string, detail: string) => void;
}

const liveChildren = new Set<{ child: ChildProcess; stopSignal: NodeJS.Signals }>();
let exitHookInstalled = false;

// Private servers run in their own process group (so that a terminal Ctrl-C does not stop the
// database before the services that use it); if this process dies without its cleanup running,
// tell them to stop anyway.
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const { child, stopSignal } of liveChildren) child.kill(stopSignal);
  });
}

/** Relative to the repository when inside it, absolute otherwise. */
function display(file: string): string {
  const relative = path.relative(repoRoot, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative)
    ? file
    : relative;
}

function tailFile(file: string, lines = 15): string {
  try {
    const text = readFileSync(file, 'utf8').trimEnd().split('\n');
    return text.slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
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

interface ChildHandle {
  child: ChildProcess;
  logFile: string;
  exited: () => boolean;
  stop(): Promise<void>;
}

function spawnPrivate(
  ctx: Context,
  label: string,
  command: string,
  args: string[],
  options: {
    uid?: number;
    gid?: number;
    cwd?: string;
    stopSignal: NodeJS.Signals;
    logName: string;
  },
): ChildHandle {
  installExitHook();
  const logFile = path.join(ctx.logDir, `${options.logName}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd ?? ctx.dataRoot,
    detached: true,
    stdio: ['ignore', fd, fd],
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
  });
  closeSync(fd);
  const entry = { child, stopSignal: options.stopSignal };
  liveChildren.add(entry);
  let stopping = false;
  let hasExited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      hasExited = true;
      liveChildren.delete(entry);
      if (!stopping) {
        ctx.onUnexpectedExit(
          label,
          `exited with ${signal ? `signal ${signal}` : `code ${code}`}; see ${display(logFile)}`,
        );
      }
      resolve();
    });
    child.once('error', (err) => {
      hasExited = true;
      liveChildren.delete(entry);
      ctx.onUnexpectedExit(label, `could not be started: ${err.message}`);
      resolve();
    });
  });
  return {
    child,
    logFile,
    exited: () => hasExited,
    async stop() {
      if (hasExited) return;
      stopping = true;
      child.kill(options.stopSignal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}

async function waitUntilReady(
  label: string,
  url: string,
  key: ComponentKey,
  timeoutMs: number,
  handle: { exited: () => boolean; logHint: () => string },
): Promise<void> {
  const started = Date.now();
  let last: ProbeResult = { ok: false, reason: 'not probed yet' };
  while (Date.now() - started < timeoutMs) {
    if (handle.exited()) {
      throw new InfraError(`${label} stopped while starting.\n${handle.logHint()}`);
    }
    last = await probeComponent(key, url);
    if (last.ok) return;
    await sleep(250);
  }
  throw new InfraError(
    `${label} did not accept connections within ${formatDuration(timeoutMs)} (${last.ok ? '' : last.reason}).\n${handle.logHint()}`,
  );
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function postgresMajor(postgresBin: string): string | undefined {
  const result = spawnSync(postgresBin, ['--version'], { encoding: 'utf8' });
  return /(\d+)(?:\.\d+)?/.exec(result.stdout ?? '')?.[1];
}

async function startPrivatePostgres(ctx: Context, bins: PostgresBinaries): Promise<Running> {
  const c = COMPONENTS.postgres;
  // postgres refuses to run as root: as root, hand the data folder to an unprivileged account.
  const runAs = isRoot() ? (lookupUser('postgres') ?? lookupUser('nobody')) : undefined;
  let dataDir = path.join(ctx.dataRoot, 'postgres');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (runAs) {
    chownSync(dataDir, runAs.uid, runAs.gid);
    if (!canWrite(runAs, dataDir)) {
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
      warn(
        `user ${runAs.name} cannot reach ${ctx.dataRoot}; keeping PostgreSQL data in ${dataDir}`,
      );
    }
  }
  const ids = runAs ? { uid: runAs.uid, gid: runAs.gid } : {};
  const logFile = path.join(ctx.logDir, 'postgres.log');
  const logHint = () => `Last lines of ${display(logFile)}:\n${tailFile(logFile)}`;

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
  } else {
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
        `initdb failed (${result.error?.message ?? `exit code ${result.status}`}).\n${logHint()}`,
      );
    }
  }

  const args = [
    '-D',
    dataDir,
    '-p',
    String(c.privatePort),
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
  // SIGINT is PostgreSQL's "fast" shutdown: it does not wait for idle clients to hang up.
  const handle = spawnPrivate(ctx, 'private PostgreSQL', bins.postgres, args, {
    ...ids,
    cwd: dataDir,
    stopSignal: 'SIGINT',
    logName: 'postgres',
  });
  const url = localUrl('postgres', c.privatePort);
  try {
    await waitUntilReady('PostgreSQL', url, 'postgres', 60_000, { exited: handle.exited, logHint });
  } catch (err) {
    await handle.stop();
    throw err;
  }
  return {
    description: `private instance (${bins.postgres}, data in ${display(dataDir)})`,
    stop: handle.stop,
  };
}

async function startPrivateRedis(ctx: Context, bin: string): Promise<Running> {
  const c = COMPONENTS.redis;
  const dir = path.join(ctx.dataRoot, 'redis');
  mkdirSync(dir, { recursive: true });
  const handle = spawnPrivate(
    ctx,
    'private Redis',
    bin,
    [
      '--port',
      String(c.privatePort),
      '--bind',
      LOCALHOST,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--dir',
      dir,
    ],
    { stopSignal: 'SIGTERM', logName: 'redis' },
  );
  const logHint = () => `Last lines of ${display(handle.logFile)}:\n${tailFile(handle.logFile)}`;
  try {
    await waitUntilReady('Redis', localUrl('redis', c.privatePort), 'redis', 30_000, {
      exited: handle.exited,
      logHint,
    });
  } catch (err) {
    await handle.stop();
    throw err;
  }
  return { description: `private instance (${bin})`, stop: handle.stop };
}

async function startPrivateNats(ctx: Context, bin: string): Promise<Running> {
  const c = COMPONENTS.nats;
  const dir = path.join(ctx.dataRoot, 'nats');
  mkdirSync(dir, { recursive: true });
  const handle = spawnPrivate(
    ctx,
    'private NATS',
    bin,
    ['-a', LOCALHOST, '-p', String(c.privatePort), '-js', '-sd', dir],
    { stopSignal: 'SIGTERM', logName: 'nats' },
  );
  const logHint = () => `Last lines of ${display(handle.logFile)}:\n${tailFile(handle.logFile)}`;
  try {
    await waitUntilReady('NATS', localUrl('nats', c.privatePort), 'nats', 30_000, {
      exited: handle.exited,
      logHint,
    });
  } catch (err) {
    await handle.stop();
    throw err;
  }
  return {
    description: `private instance (${bin}, JetStream in ${display(dir)})`,
    stop: handle.stop,
  };
}

// ---------------------------------------------------------------------------------------------
// Docker

let dockerWorks: boolean | undefined;

function dockerAvailable(): boolean {
  if (dockerWorks === undefined) {
    const result = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 15_000 });
    dockerWorks = result.status === 0;
  }
  return dockerWorks;
}

const DOCKER_IMAGES: Record<
  ComponentKey,
  { image: string; containerPort: number; args: string[]; env: string[]; volume?: string }
> = {
  postgres: {
    image: 'postgres:15',
    containerPort: 5432,
    args: [],
    env: ['POSTGRES_HOST_AUTH_METHOD=trust'],
    volume: '/var/lib/postgresql/data',
  },
  redis: {
    image: 'redis:7',
    containerPort: 6379,
    args: ['redis-server', '--save', '', '--appendonly', 'no'],
    env: [],
  },
  nats: {
    image: 'nats:2.10',
    containerPort: 4222,
    args: ['-js', '-sd', '/data'],
    env: [],
    volume: '/data',
  },
};

async function startDocker(ctx: Context, key: ComponentKey): Promise<Running> {
  const c = COMPONENTS[key];
  const spec = DOCKER_IMAGES[key];
  const name = `pv-${ctx.mode}-${key}`;
  spawnSync('docker', ['rm', '-f', name], { stdio: 'ignore' });
  const args = [
    'run',
    '-d',
    '--rm',
    '--name',
    name,
    '-p',
    `${LOCALHOST}:${c.privatePort}:${spec.containerPort}`,
  ];
  for (const e of spec.env) args.push('-e', e);
  // Development data outlives a run; test data does not need to.
  if (spec.volume && ctx.mode === 'start') args.push('-v', `pv-${key}-data:${spec.volume}`);
  args.push(spec.image, ...spec.args);
  info(`starting ${c.label} in Docker (${spec.image})`);
  const result = spawnSync('docker', args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new InfraError(`docker run ${spec.image} failed:\n${(result.stderr ?? '').trim()}`);
  }
  const stop = async () => {
    spawnSync('docker', ['rm', '-f', name], { stdio: 'ignore' });
  };
  const exited = () => {
    const inspect = spawnSync('docker', ['inspect', '-f', '{{.State.Running}}', name], {
      encoding: 'utf8',
    });
    return inspect.stdout.trim() !== 'true';
  };
  const logHint = () => {
    const logs = spawnSync('docker', ['logs', '--tail', '15', name], { encoding: 'utf8' });
    return `Last lines of docker logs ${name}:\n${`${logs.stdout}${logs.stderr}`.trim()}`;
  };
  try {
    await waitUntilReady(c.label, localUrl(key, c.privatePort), key, 90_000, { exited, logHint });
  } catch (err) {
    await stop();
    throw err;
  }
  return { description: `Docker container ${name} (${spec.image})`, stop };
}

// ---------------------------------------------------------------------------------------------
// apt

let aptUpdated = false;

/** Runs `apt-get update` at most once per process; output goes to a log unless it fails. */
export function aptInstall(packages: string[], logFile: string): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args: string[]) => {
    const fd = openSync(logFile, 'a');
    const result = spawnSync('apt-get', args, { stdio: ['ignore', fd, fd], env });
    closeSync(fd);
    return result.status === 0;
  };
  if (!aptUpdated) {
    if (!run(['update'])) {
      error(`apt-get update failed; last lines of ${logFile}:\n${tailFile(logFile)}`);
      return false;
    }
    aptUpdated = true;
  }
  if (!run(['install', '-y', '--no-install-recommends', ...packages])) {
    error(
      `apt-get install ${packages.join(' ')} failed; last lines of ${logFile}:\n${tailFile(logFile)}`,
    );
    return false;
  }
  return true;
}

export function canAptInstall(): boolean {
  return isRoot() && findExecutable('apt-get') !== undefined && process.env.PV_NO_APT !== '1';
}

// ---------------------------------------------------------------------------------------------
// Provisioning

type Plan =
  | { kind: 'ready'; url: string; description: string }
  | { kind: 'binaries' }
  | { kind: 'docker' }
  | { kind: 'missing' };

async function planComponent(key: ComponentKey, forcePrivate: boolean): Promise<Plan> {
  const c = COMPONENTS[key];
  const raw = process.env[c.envVar];
  if (raw !== undefined && raw.trim() !== '') {
    const parsed = parseServerUrl(key, raw);
    const result = await probeComponent(key, parsed.url);
    if (!result.ok) {
      throw new InfraError(
        `${c.envVar} is set to ${redactUrl(parsed.url)} but no usable ${c.label} answers there: ${result.reason}.\n` +
          `Start that server, fix ${c.envVar}, or unset it to let the stack find or start one.`,
      );
    }
    return { kind: 'ready', url: parsed.url, description: `from ${c.envVar}` };
  }

  if (!forcePrivate && (await probeTcp(LOCALHOST, c.standardPort))) {
    if (key === 'postgres') {
      const url = await findPostgresRole(c.standardPort);
      if (url)
        return {
          kind: 'ready',
          url,
          description: `already running on ${LOCALHOST}:${c.standardPort}`,
        };
      warn(
        `something listens on ${LOCALHOST}:${c.standardPort} but lets neither role "postgres" nor "${os.userInfo().username}" in ` +
          'without a password; set POSTGRES_URL to use it. Using a private instance instead.',
      );
    } else {
      const url = localUrl(key, c.standardPort);
      const result = await probeComponent(key, url);
      if (result.ok)
        return {
          kind: 'ready',
          url,
          description: `already running on ${LOCALHOST}:${c.standardPort}`,
        };
      warn(
        `${LOCALHOST}:${c.standardPort} answers but is not a usable ${c.label} (${result.reason}); using a private instance.`,
      );
    }
  }

  // A private instance left running by another run of start or test (or one that crashed).
  const privateUrl = localUrl(key, c.privatePort);
  if ((await probeTcp(LOCALHOST, c.privatePort)) && (await probeComponent(key, privateUrl)).ok) {
    return {
      kind: 'ready',
      url: privateUrl,
      description: `private instance already running on ${LOCALHOST}:${c.privatePort} (left as it is)`,
    };
  }

  if (hasBinaries(key)) return { kind: 'binaries' };
  if (dockerAvailable()) return { kind: 'docker' };
  return { kind: 'missing' };
}

async function realise(ctx: Context, key: ComponentKey, plan: Plan): Promise<Running | undefined> {
  if (plan.kind === 'docker') return startDocker(ctx, key);
  if (plan.kind !== 'binaries') return undefined;
  if (key === 'postgres') {
    const bins = findPostgresBinaries();
    if (bins) return startPrivatePostgres(ctx, bins);
  } else if (key === 'redis') {
    const bin = findRedisServer();
    if (bin) return startPrivateRedis(ctx, bin);
  } else {
    const bin = findNatsServer();
    if (bin) return startPrivateNats(ctx, bin);
  }
  throw new InfraError(`the ${COMPONENTS[key].label} binaries disappeared while starting`);
}

export interface ProvisionOptions {
  mode: InfraMode;
  /** Skip the standard local ports, so that private instances are used (PV_FORCE_PRIVATE_INFRA=1). */
  forcePrivate?: boolean;
}

/**
 * Finds or starts PostgreSQL, Redis and NATS, in that order of preference for each: the URL in
 * the environment, a server on the standard local port, a private instance from installed
 * binaries, a Docker container, binaries installed with apt-get (root only).
 */
export async function provisionInfra(options: ProvisionOptions): Promise<Infra> {
  const forcePrivate = options.forcePrivate ?? process.env.PV_FORCE_PRIVATE_INFRA === '1';
  const dataRoot =
    options.mode === 'start' ? path.join(repoRoot, '.data') : path.join(repoRoot, '.data', 'test');
  const logDir = path.join(dataRoot, 'logs');
  mkdirSync(logDir, { recursive: true });
  const ctx: Context = {
    mode: options.mode,
    dataRoot,
    logDir,
    onUnexpectedExit: (label, detail) => error(`${label} ${detail}`),
  };

  const plans = {} as Record<ComponentKey, Plan>;
  for (const key of ORDER) plans[key] = await planComponent(key, forcePrivate);

  let missing = ORDER.filter((key) => plans[key].kind === 'missing');
  if (missing.length > 0 && canAptInstall()) {
    const packages = missing.map((key) => COMPONENTS[key].debianPackage);
    info(
      `installing ${packages.join(' ')} with apt-get (log: ${display(path.join(logDir, 'apt.log'))})`,
    );
    if (aptInstall(packages, path.join(logDir, 'apt.log'))) {
      for (const key of missing) plans[key] = await planComponent(key, forcePrivate);
    }
    missing = ORDER.filter((key) => plans[key].kind === 'missing');
  }
  if (missing.length > 0) throw new InfraError(missingInfraMessage(missing));

  const started: Running[] = [];
  const stopAll = async () => {
    for (const running of started.reverse()) await running.stop();
    started.length = 0;
  };
  const urls = {} as Record<ComponentKey, string>;
  const summary = {} as Record<ComponentKey, string>;
  try {
    for (const key of ORDER) {
      const plan = plans[key];
      const began = Date.now();
      const running = await realise(ctx, key, plan);
      if (running) {
        started.push(running);
        urls[key] = localUrl(key, COMPONENTS[key].privatePort);
        summary[key] = `${running.description}, ready in ${formatDuration(Date.now() - began)}`;
      } else if (plan.kind === 'ready') {
        urls[key] = plan.url;
        summary[key] = plan.description;
      }
    }
  } catch (err) {
    await stopAll();
    throw err;
  }

  return {
    postgresUrl: urls.postgres,
    redisUrl: urls.redis,
    natsUrl: urls.nats,
    natsServerBin: findNatsServer(),
    summary,
    stop: stopAll,
  };
}

/** Prints where each component comes from, without passwords. */
export function printInfraSummary(infra: Infra): void {
  const rows: [string, string, string][] = [
    ['postgres', infra.postgresUrl, infra.summary.postgres],
    ['redis', infra.redisUrl, infra.summary.redis],
    ['nats', infra.natsUrl, infra.summary.nats],
  ];
  for (const [name, url, how] of rows) info(`${name.padEnd(8)} ${redactUrl(url)}  (${how})`);
}
