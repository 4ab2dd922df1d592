// Issue 24 item 4, encrypted in transit (docs/transport-security.md): the real support service
// and the real gateway, as processes configured as in Kubernetes (TLS_REQUIRED=true), against a
// Postgres, a Redis and a NATS of the test's own that accept TLS only, with a CA this test makes.
// The gateway reaches support over HTTPS; a gateway that trusts another CA does not.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { postgresConnection, redisTls } from '@pv/service-kit/runtime';
import {
  eventually,
  freePort,
  makeTestCa,
  type PrivateStore,
  scaled,
  startPrivateNats,
  startPrivatePostgres,
  startPrivateRedis,
  type TestCa,
  testSessionKeys,
} from '@pv/service-kit/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const children: ChildProcess[] = [];
const output: string[] = [];
let ca: TestCa;
let otherCa: TestCa;
let postgres: PrivateStore & { remove(): Promise<void> };
let redis: PrivateStore & { remove(): Promise<void> };
let nats: PrivateStore;
let gatewayUrl = '';
let gatewayInternalUrl = '';
let wrongCaGatewayUrl = '';
let wrongCaInternalUrl = '';
const suffix = randomBytes(4).toString('hex');
const prefix = `pv:test:tls:${suffix}:`;
const database = `sys_tls_support_${suffix}`;

function run(service: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: `${root}services/${service}`,
    env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  children.push(child);
  return child;
}

async function gateway(caFile: string, supportUrl: string) {
  const [port, internal] = [await freePort(), await freePort()];
  run('gateway', {
    HOST: '127.0.0.1',
    PORT: String(port),
    INTERNAL_PORT: String(internal),
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    TLS_CA_FILE: caFile,
    TLS_REQUIRED: 'true',
    SUPPORT_URL: supportUrl,
  });
  return { url: `http://127.0.0.1:${port}`, internalUrl: `http://127.0.0.1:${internal}` };
}

beforeAll(async () => {
  ca = makeTestCa('pv-test-internal-ca');
  otherCa = makeTestCa('pv-test-other-ca');
  const stores = ca.issue('stores');
  const tls = { ...stores, caFile: ca.caFile };
  [postgres, redis, nats] = await Promise.all([
    startPrivatePostgres({ tls }),
    startPrivateRedis({ tls }),
    startPrivateNats({ tls: stores }),
  ]);
  const support = ca.issue('support');
  const supportPort = await freePort();
  run('support', {
    HOST: '127.0.0.1',
    PORT: String(supportPort),
    POSTGRES_URL: postgres.url,
    REDIS_URL: redis.url,
    NATS_URL: nats.url,
    REDIS_KEY_PREFIX: prefix,
    SUPPORT_DATABASE: database,
    SUPPORT_CONSUMER: `test-tls-${suffix}`,
    SESSION_PUBLIC_KEY: testSessionKeys().publicKey,
    TRUST_PROXY: '1',
    TLS_CA_FILE: ca.caFile,
    TLS_CERT_FILE: support.certFile,
    TLS_KEY_FILE: support.keyFile,
    TLS_REQUIRED: 'true',
  });
  const supportUrl = `https://localhost:${supportPort}`;
  ({ url: gatewayUrl, internalUrl: gatewayInternalUrl } = await gateway(ca.caFile, supportUrl));
  ({ url: wrongCaGatewayUrl, internalUrl: wrongCaInternalUrl } = await gateway(
    otherCa.caFile,
    supportUrl,
  ));
  // Ready when the gateway, over HTTPS, finds support ready (its Postgres and Redis over TLS).
  await eventually(async () => {
    const answer = await fetch(`${gatewayInternalUrl}/ready/upstreams`);
    return answer.status === 200;
  }, 120_000).catch((error) => {
    throw new Error(`${String(error)}\n${output.join('')}`);
  });
  await eventually(async () => (await fetch(`${wrongCaInternalUrl}/health`)).ok, 120_000);
}, scaled(300_000));

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once('exit', resolve))
        : undefined,
    ),
  );
  await Promise.all([postgres?.remove(), redis?.remove(), nats?.stop()]);
  ca?.remove();
  otherCa?.remove();
}, 120_000);

const ticket = (subject: string) => ({
  contactEmail: 'contato@clinica.test',
  subject,
  description: 'O botão de copiar não funciona.',
  category: 'technical',
});

describe('support behind the gateway, everything encrypted', () => {
  it('opens a ticket over HTTPS, written to Postgres and counted in Redis over TLS', async () => {
    const subject = `Chamado TLS ${suffix}`;
    const created = await fetch(`${gatewayUrl}/api/support/create-ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (TLS)' },
      body: JSON.stringify(ticket(subject)),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; subject: string };
    expect(body.subject).toBe(subject);

    // Read back with clients that verify the servers against the test's CA.
    const client = new pg.Client(
      postgresConnection(`${postgres.url.replace('?', `/${database}?`)}`, {
        TLS_CA_FILE: ca.caFile,
      }),
    );
    await client.connect();
    try {
      const rows = await client.query('SELECT subject FROM support_tickets WHERE id = $1', [
        body.id,
      ]);
      expect(rows.rows).toEqual([{ subject }]);
      // Every session support holds on this server is encrypted (no plaintext is allowed).
      const sessions = await client.query(
        'SELECT bool_and(s.ssl) AS all_tls, count(*)::int AS n FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.datname = $1',
        [database],
      );
      expect(sessions.rows[0]).toMatchObject({ all_tls: true });
      expect(sessions.rows[0].n).toBeGreaterThan(1);
    } finally {
      await client.end();
    }
    const store = new Redis(redis.url, {
      ...redisTls(redis.url, { TLS_CA_FILE: ca.caFile }),
      maxRetriesPerRequest: 1,
    });
    try {
      const keys = await store.keys(`${prefix}support:*`);
      expect(keys.some((key) => key.includes('tickets:anonymous'))).toBe(true);
    } finally {
      store.disconnect();
    }
  });

  it('the gateway reports support ready through HTTPS, support connected to NATS over TLS', async () => {
    type Upstreams = {
      services: { service: string; status: string; checks?: Record<string, string> }[];
    };
    const support = await eventually(async () => {
      const answer = await fetch(`${gatewayInternalUrl}/ready/upstreams`);
      const found = ((await answer.json()) as Upstreams).services.find(
        (s) => s.service === 'support',
      );
      return found?.checks?.nats === 'ok' ? found : undefined;
    }, 30_000);
    expect(support).toMatchObject({
      status: 'ready',
      checks: { postgres: 'ok', redis: 'ok', nats: 'ok' },
    });
  });

  it('a gateway that trusts another CA reaches nothing: 503, and no ticket is opened', async () => {
    const refused = await fetch(`${wrongCaGatewayUrl}/api/support/create-ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ticket(`Recusado ${suffix}`)),
    });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE');
    const upstreams = await fetch(`${wrongCaInternalUrl}/ready/upstreams`);
    const body = (await upstreams.json()) as { services: { service: string; status: string }[] };
    expect(body.services.find((s) => s.service === 'support')?.status).toBe('unreachable');
  });

  it('with TLS_REQUIRED, a process configured with a plaintext store refuses to start', async () => {
    const child = run('support', {
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      POSTGRES_URL: postgres.url,
      REDIS_URL: redis.url.replace('rediss://', 'redis://'),
      NATS_URL: nats.url,
      SESSION_PUBLIC_KEY: testSessionKeys().publicKey,
      TLS_CA_FILE: ca.caFile,
      TLS_REQUIRED: 'true',
    });
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(text).toContain('REDIS_URL must be rediss:// (TLS_REQUIRED=true)');
  }, 120_000);
});
