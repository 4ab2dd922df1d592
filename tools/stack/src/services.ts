import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  type CatalogProcess,
  serviceUrlVariable as catalogUrlVariable,
  PROCESSES,
  SECRETS,
} from './catalog/catalog.js';

/**
 * The catalog's ports (tools/stack/src/catalog): fixed so that URLs in docs, bookmarks and the
 * gateway's routing stay the same from run to run, and the same as in compose and Kubernetes.
 */
export const SERVICE_PORTS: Readonly<Record<string, number>> = Object.fromEntries(
  PROCESSES.filter((p) => p.kind === 'server').map((p) => [p.service, p.port]),
);

// Workers serve no HTTP, but they share their service's config loader, which may want a PORT;
// giving each its own keeps a stray listener from colliding with a service. Catalog workers have
// theirs; a worker the catalog does not know yet gets the next one.
const FIRST_WORKER_PORT =
  Math.max(...PROCESSES.filter((p) => p.kind === 'worker').map((p) => p.port)) + 1;
// For services added later that are not in the catalog.
const FIRST_EXTRA_SERVICE_PORT = 8100;

const catalogProcess = (name: string): CatalogProcess | undefined =>
  PROCESSES.find((p) => p.name === name);

export interface StackProcess {
  /** Unique, used as the output prefix: the service name, or the worker file's name. */
  name: string;
  service: string;
  kind: 'server' | 'worker';
  /** Entry file relative to the repository root. */
  entry: string;
  port: number;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

// The names the Dockerfile targets, compose services and Kubernetes deployments use.
const WORKER_NAMES: Readonly<Record<string, string>> = { documents: 'pdf-worker' };

/** `<name>-worker.ts` keeps its name; a bare `worker.ts` is named after its service (or its queue). */
export function workerName(service: string, file: string): string {
  const base = path.basename(file, '.ts');
  return base === 'worker' ? (WORKER_NAMES[service] ?? `${service}-worker`) : base;
}

/**
 * Every runnable process under `<root>/services`: a server for each `src/server.ts`, a worker for
 * each `src/workers/*worker.ts` (or `src/*worker.ts`). Known services come first in port order,
 * then any others by name.
 */
export function discoverProcesses(
  root: string,
  options: { gatewayPort?: number } = {},
): StackProcess[] {
  const servicesDir = path.join(root, 'services');
  if (!existsSync(servicesDir)) return [];
  const known = Object.keys(SERVICE_PORTS);
  const names = readdirSync(servicesDir)
    .filter((name) => {
      try {
        return statSync(path.join(servicesDir, name)).isDirectory();
      } catch {
        return false;
      }
    })
    .sort((a, b) => {
      const ia = known.indexOf(a);
      const ib = known.indexOf(b);
      if (ia >= 0 && ib >= 0) return ia - ib;
      if (ia >= 0) return -1;
      if (ib >= 0) return 1;
      return a.localeCompare(b);
    });

  const result: StackProcess[] = [];
  let nextExtraPort = FIRST_EXTRA_SERVICE_PORT;
  let nextWorkerPort = FIRST_WORKER_PORT;
  for (const service of names) {
    const srcDir = path.join(servicesDir, service, 'src');
    const serverEntry = path.join(srcDir, 'server.ts');
    if (isFile(serverEntry)) {
      let port = SERVICE_PORTS[service] ?? nextExtraPort++;
      if (service === 'gateway' && options.gatewayPort !== undefined) port = options.gatewayPort;
      result.push({
        name: service,
        service,
        kind: 'server',
        entry: path.relative(root, serverEntry).split(path.sep).join('/'),
        port,
      });
    }
    // Worker entries live in src/workers/<name>-worker.ts (older services: src/*worker.ts).
    const workers = [srcDir, path.join(srcDir, 'workers')].flatMap((dir) =>
      existsSync(dir)
        ? readdirSync(dir)
            .filter((file) => file.endsWith('worker.ts') && isFile(path.join(dir, file)))
            .sort()
            .map((file) => path.join(dir, file))
        : [],
    );
    for (const file of workers) {
      const name = workerName(service, file);
      result.push({
        name,
        service,
        kind: 'worker',
        entry: path.relative(root, file).split(path.sep).join('/'),
        port: catalogProcess(name)?.port ?? nextWorkerPort++,
      });
    }
  }
  return result;
}

/** `formatting` -> `FORMATTING_URL`, `speech-proxy` -> `SPEECH_PROXY_URL`. */
export const serviceUrlVariable = catalogUrlVariable;

/**
 * TRUST_PROXY of a service behind the gateway, given the gateway's: the gateway itself (on
 * loopback here) and whatever the gateway trusts in front of it, so that a service sees the
 * address the first trusted proxy saw (tests/infra/test/trust-proxy.test.ts).
 */
export function serviceTrustProxy(gateway: string | undefined): string {
  const value = gateway?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0' || value === 'loopback') return 'loopback';
  if (value === 'true') return 'true';
  if (/^\d+$/.test(value)) return String(Number(value) + 1);
  return `loopback,${value}`;
}

// The rest of the parent environment reaches every process, so that any setting a service reads
// (LOG_LEVEL, ADMIN_EMAIL, OPENAI_BASE_URL, fakes' URLs...) can be given to `npm start`; a secret
// reaches only the processes the catalog lets hold it.
const NEVER_INHERITED = ['SESSION_PRIVATE_KEY'];
const CATALOG_SECRETS = SECRETS.map((s) => s.name);

export interface EnvInputs {
  root: string;
  parentEnv: NodeJS.ProcessEnv;
  infra: { postgresUrl: string; redisUrl: string; natsUrl: string };
  /**
   * The password of each process's NATS user when the NATS asks for one (`npm start`'s
   * authorized NATS, docs/nats-identity.md); unset: the processes connect without credentials.
   */
  natsPasswords?: Record<string, string>;
  session: { publicKey: string; privateKey: string };
  vault: { hmacSecret: string; adminKey: string };
  /** Every discovered process: the gateway gets URLs for the servers among them. */
  processes: StackProcess[];
}

/** The complete environment of one child process. */
export function buildProcessEnv(proc: StackProcess, inputs: EnvInputs): NodeJS.ProcessEnv {
  const parent = inputs.parentEnv;
  const env: NodeJS.ProcessEnv = { ...parent };
  const known = catalogProcess(proc.name);
  for (const name of [...NEVER_INHERITED, ...CATALOG_SECRETS]) {
    if (!known?.secrets.includes(name)) delete env[name];
  }

  const isGateway = proc.service === 'gateway' && proc.kind === 'server';
  // The browser's Origin is the gateway's address: with PORT set, that port (not 8080).
  const gatewayPort =
    inputs.processes.find((p) => p.service === 'gateway' && p.kind === 'server')?.port ?? 8080;
  Object.assign(env, {
    PORT: String(proc.port),
    HOST: isGateway ? (parent.HOST ?? '0.0.0.0') : '127.0.0.1',
    REDIS_URL: inputs.infra.redisUrl,
    PUBLIC_ORIGINS: parent.PUBLIC_ORIGINS ?? `http://localhost:${gatewayPort}`,
    NODE_ENV: parent.NODE_ENV ?? 'production',
  });
  // What the catalog says the process uses; a process it does not know yet gets the servers.
  if (!known || known.database) env.POSTGRES_URL = inputs.infra.postgresUrl;
  else delete env.POSTGRES_URL;
  if (!known || known.nats) env.NATS_URL = inputs.infra.natsUrl;
  else delete env.NATS_URL;
  // Its own NATS identity, and never another's from the parent environment.
  delete env.NATS_USER;
  delete env.NATS_PASSWORD;
  const natsPassword = known?.nats ? inputs.natsPasswords?.[known.name] : undefined;
  if (known && natsPassword !== undefined) {
    env.NATS_USER = known.name;
    env.NATS_PASSWORD = natsPassword;
  }
  if (!isGateway) env.SESSION_PUBLIC_KEY = inputs.session.publicKey;
  if (known?.secrets.includes('SESSION_PRIVATE_KEY'))
    env.SESSION_PRIVATE_KEY = inputs.session.privateKey;
  if (known?.secrets.includes('VAULT_HMAC_SECRET')) {
    env.VAULT_HMAC_SECRET = inputs.vault.hmacSecret;
    env.VAULT_ADMIN_KEY = inputs.vault.adminKey;
  }
  if (proc.kind === 'server' && !isGateway) env.TRUST_PROXY = serviceTrustProxy(parent.TRUST_PROXY);
  // A worker answers its probes on its own port (serveWorkerHealth), as in compose and Kubernetes.
  if (proc.kind === 'worker') env.HEALTH_PORT = String(proc.port);
  // A roll starts the replacement beside the old process, on the same port (processes.ts).
  // SO_REUSEPORT as Node offers it is Linux's (elsewhere listen fails): a roll there keeps the
  // old process, whose replacement cannot bind.
  if (process.platform === 'linux') env.LISTEN_REUSE_PORT = 'true';

  // The servers a process calls (the gateway all of them, formatting and documents billing's
  // quota): the catalog's peers, or every other service for a process it does not know yet.
  if (known) for (const other of PROCESSES) delete env[serviceUrlVariable(other.service)];
  for (const other of inputs.processes) {
    if (other.kind !== 'server' || other.service === 'gateway' || other.service === proc.service)
      continue;
    const calls = known ? known.calls.includes(other.name) : true;
    if (calls) env[serviceUrlVariable(other.service)] = `http://127.0.0.1:${other.port}`;
  }
  if (isGateway) {
    const webDists = { WORKSPACE_WEB_DIST: 'workspace-web', ADMIN_WEB_DIST: 'admin-web' };
    for (const [variable, app] of Object.entries(webDists)) {
      const dist = path.join(inputs.root, 'apps', app, 'dist');
      if (existsSync(dist)) env[variable] = dist;
    }
  }
  return env;
}

export interface WebApp {
  name: string;
  dir: string;
  scripts: Record<string, string>;
}

/** The apps/* packages with their scripts, for building SPAs and running their e2e suites. */
export function listWebApps(root: string): WebApp[] {
  const appsDir = path.join(root, 'apps');
  if (!existsSync(appsDir)) return [];
  const apps: WebApp[] = [];
  for (const entry of readdirSync(appsDir).sort()) {
    const manifest = path.join(appsDir, entry, 'package.json');
    if (!isFile(manifest)) continue;
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name?: string;
      scripts?: Record<string, string>;
    };
    apps.push({
      name: parsed.name ?? entry,
      dir: path.join(appsDir, entry),
      scripts: parsed.scripts ?? {},
    });
  }
  return apps;
}
