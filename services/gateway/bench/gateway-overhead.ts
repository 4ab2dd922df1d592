/**
 * What the gateway costs: GET /auth/user with a valid session, measured directly against the auth
 * service and through the gateway in the same run, on the same machine, with the same load.
 *
 * It starts both processes itself (auth on a throwaway database, the gateway pointing at it),
 * logs in as a generated admin to get the pv_session cookie, then for each target runs autocannon
 * for a warm-up (discarded) and a measured period, and prints a Markdown table.
 *
 *   node --import tsx services/gateway/bench/gateway-overhead.ts     (from the repo root)
 *   bench/gateway-overhead.sh                                         (same thing)
 *
 * Needs Postgres and Redis (POSTGRES_URL, REDIS_URL or the standard local ports). NATS is
 * deliberately pointed at a closed port unless BENCH_USE_NATS=1: auth then keeps its events in
 * its outbox (dropped with the database) instead of announcing a bench admin to the real stream.
 * Tunables: BENCH_CONNECTIONS (10), BENCH_DURATION_SECONDS (10), BENCH_WARMUP_SECONDS (2),
 * BENCH_ROUNDS (3), BENCH_LOG_LEVEL (warn, for both processes), BENCH_GATEWAY_PROFILE (a directory:
 * the gateway runs with `--cpu-prof` and writes its profile there when the run ends).
 *
 * The targets are measured in alternating rounds (direct, gateway, reference, direct, ...) and the
 * median round of each is reported, so a noisy moment on a shared 2-core machine skews no single
 * target. The reference is a bare Node proxy (raw-proxy-reference.ts): the cost of any extra hop
 * here, against which the gateway's own additions can be read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dropDatabase } from '@pv/service-kit/runtime';
import { testInfra, testSessionKeys } from '@pv/service-kit/testing';
import autocannon from 'autocannon';
import { request } from 'undici';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROFILE_DIR = process.env.BENCH_GATEWAY_PROFILE;
const STARTUP_TIMEOUT_MS = 90_000;

interface Started {
  name: string;
  child: ChildProcess;
  output: string[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function start(
  name: string,
  script: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Started {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  // Keep the tail of what the process said, to show it if it fails to start.
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, child, output };
}

async function waitHealthy(started: Started, baseUrl: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) break;
    try {
      const response = await request(`${baseUrl}/health`);
      await response.body.dump();
      if (response.statusCode === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${started.name} did not become healthy at ${baseUrl}:\n${started.output.join('').slice(-4000)}`,
  );
}

async function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  const killer = setTimeout(() => started.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

async function login(authUrl: string, email: string, password: string): Promise<string> {
  const response = await request(`${authUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const text = await response.body.text();
  const cookie = [response.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';', 1)[0] ?? '')
    .find((c) => c.startsWith('pv_session='));
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`Login failed (${response.statusCode}): ${text}`);
  }
  return cookie;
}

async function expectUser(url: string, cookie: string): Promise<void> {
  const response = await request(url, { headers: { cookie, accept: 'application/json' } });
  const text = await response.body.text();
  if (response.statusCode !== 200)
    throw new Error(`GET ${url} answered ${response.statusCode}: ${text}`);
}

function load(url: string, cookie: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie, accept: 'application/json' },
  });
}

interface Measured {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measureRounds(targets: { target: string; url: string }[], cookie: string) {
  const rounds = new Map(targets.map((t) => [t.target, [] as autocannon.Result[]]));
  for (const { target, url } of targets) {
    process.stderr.write(`warming up ${target} (${WARMUP_SECONDS} s)...\n`);
    await load(url, cookie, WARMUP_SECONDS);
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { target, url } of targets) {
      process.stderr.write(`round ${round}/${ROUNDS}: ${target} (${DURATION_SECONDS} s)...\n`);
      rounds.get(target)!.push(await load(url, cookie, DURATION_SECONDS));
    }
  }
  return targets.map(({ target }): Measured => {
    const results = rounds.get(target)!;
    return {
      target,
      rps: median(results.map((r) => r.requests.average)),
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    };
  });
}

function report([direct, proxied, reference]: Measured[]): string {
  const row = (m: Measured) =>
    `| ${m.target} | ${m.rps.toFixed(0)} | ${m.p50.toFixed(2)} | ${m.p99.toFixed(2)} | ${m.non2xx} | ${m.errors} |`;
  const ratio = (m: Measured) => (m.rps / direct!.rps).toFixed(2);
  const p99Diff = (m: Measured) => {
    const diff = m.p99 - direct!.p99;
    return `${diff >= 0 ? '+' : ''}${diff.toFixed(2)} ms`;
  };
  return [
    '## Gateway overhead: GET /auth/user with a valid session',
    '',
    `${CONNECTIONS} connections; ${ROUNDS} alternating rounds of ${DURATION_SECONDS} s per target after a ` +
      `${WARMUP_SECONDS} s warm-up, median round reported; Node ${process.version}, ${cpus().length} CPUs ` +
      '(load generator, proxy and auth share them).',
    '',
    '| target | req/s | p50 (ms) | p99 (ms) | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|',
    row(direct!),
    row(proxied!),
    row(reference!),
    '',
    `- Throughput ratio, gateway / direct: **${ratio(proxied!)}** (bare Node proxy / direct: ${ratio(reference!)})`,
    `- p99 added by the gateway: **${p99Diff(proxied!)}** (bare Node proxy: ${p99Diff(reference!)})`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const keys = testSessionKeys();
  const database = `bench_auth_${randomBytes(4).toString('hex')}`;
  const adminEmail = 'bench-admin@prontuario.local';
  const adminPassword = `Bench-${randomBytes(6).toString('hex')}!1`;
  const [authPort, gatewayPort, referencePort, closedPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const referenceUrl = `http://127.0.0.1:${referencePort}`;
  const authUrl = `http://127.0.0.1:${authPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;

  let auth: Started | undefined;
  let gateway: Started | undefined;
  let reference: Started | undefined;
  let cookie: string | undefined;
  try {
    auth = start('auth', 'services/auth/src/server.ts', {
      PORT: String(authPort),
      HOST: '127.0.0.1',
      LOG_LEVEL,
      POSTGRES_URL: testInfra.postgresUrl,
      REDIS_URL: testInfra.redisUrl,
      NATS_URL:
        process.env.BENCH_USE_NATS === '1' ? testInfra.natsUrl : `nats://127.0.0.1:${closedPort}`,
      AUTH_DATABASE: database,
      SESSION_PUBLIC_KEY: keys.publicKey,
      SESSION_PRIVATE_KEY: keys.privateKey,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
    });
    gateway = start(
      'gateway',
      'services/gateway/src/server.ts',
      {
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        LOG_LEVEL,
        REDIS_URL: testInfra.redisUrl,
        AUTH_URL: authUrl,
        INTERNAL_PORT: '0',
      },
      PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    );
    reference = start('reference proxy', 'services/gateway/bench/raw-proxy-reference.ts', {
      PORT: String(referencePort),
      UPSTREAM_URL: authUrl,
    });
    await Promise.all([
      waitHealthy(auth, authUrl),
      waitHealthy(gateway, gatewayUrl),
      waitHealthy(reference, referenceUrl),
    ]);

    cookie = await login(authUrl, adminEmail, adminPassword);
    await expectUser(`${authUrl}/auth/user`, cookie);
    await expectUser(`${gatewayUrl}/auth/user`, cookie);
    await expectUser(`${referenceUrl}/auth/user`, cookie);

    const measured = await measureRounds(
      [
        { target: 'auth directly', url: `${authUrl}/auth/user` },
        { target: 'through the gateway', url: `${gatewayUrl}/auth/user` },
        { target: 'through a bare Node proxy (reference)', url: `${referenceUrl}/auth/user` },
      ],
      cookie,
    );
    process.stdout.write(report(measured));
  } finally {
    if (cookie) {
      await request(`${authUrl}/auth/logout`, { method: 'POST', headers: { cookie } })
        .then((r) => r.body.dump())
        .catch(() => undefined);
    }
    await stop(reference);
    await stop(gateway);
    await stop(auth);
    await dropDatabase(testInfra.postgresUrl, database).catch((error: Error) =>
      process.stderr.write(`could not drop ${database}: ${error.message}\n`),
    );
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
