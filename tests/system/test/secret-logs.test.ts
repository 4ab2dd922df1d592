import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  createTestDatabase,
  eventually,
  freePort,
  scaled,
  startPrivateNats,
  TEST_ADMIN_TOTP_SECRET,
  testInfra,
  testSessionKeys,
  withTotp,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 23 item 8: nothing secret in a log. The real gateway, auth, documents and support run as
// processes, at the most verbose level, with a Redis prefix, databases and NATS of their own;
// everything each writes is captured and searched for what the requests carried.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const children: ChildProcess[] = [];
const output: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
let gatewayUrl = '';
const ADMIN = { email: 'logs-admin@clinica.test', password: 'Registro-Limpo-2026!' };

function run(service: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: `${root}services/${service}`,
    env: { ...process.env, ...env, LOG_LEVEL: 'trace', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  children.push(child);
}

beforeAll(async () => {
  const keys = testSessionKeys();
  const nats = await startPrivateNats();
  const authDb = await createTestDatabase('sys_secret_logs_auth');
  const documentsDb = await createTestDatabase('sys_secret_logs_documents');
  const supportDb = await createTestDatabase('sys_secret_logs_support');
  cleanups.push(nats.stop, authDb.drop, documentsDb.drop, supportDb.drop);
  const suffix = randomBytes(4).toString('hex');
  const [gatewayPort, internalPort, authPort, documentsPort, supportPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const common = {
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    REDIS_KEY_PREFIX: `pv:test:secret-logs:${suffix}:`,
    NATS_URL: nats.url,
    SESSION_PUBLIC_KEY: keys.publicKey,
    PUBLIC_ORIGINS: gatewayUrl,
    HOST: '127.0.0.1',
  };
  run('auth', {
    ...common,
    PORT: String(authPort),
    AUTH_DATABASE: authDb.name,
    SESSION_PRIVATE_KEY: keys.privateKey,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_TOTP_SECRET: TEST_ADMIN_TOTP_SECRET,
    VERIFICATION_EVIDENCE_KEY: randomBytes(32).toString('hex'),
    AUTH_CONSUMER: `test-secret-logs-${suffix}`,
  });
  run('documents', {
    ...common,
    PORT: String(documentsPort),
    DOCUMENTS_DATABASE: documentsDb.name,
    PDF_QUEUE: `test-secret-logs-pdf-${suffix}`,
  });
  run('support', {
    ...common,
    PORT: String(supportPort),
    SUPPORT_DATABASE: supportDb.name,
    SUPPORT_CONSUMER: `test-secret-logs-support-${suffix}`,
  });
  run('gateway', {
    ...common,
    PORT: String(gatewayPort),
    INTERNAL_PORT: String(internalPort),
    AUTH_URL: `http://127.0.0.1:${authPort}`,
    DOCUMENTS_URL: `http://127.0.0.1:${documentsPort}`,
    SUPPORT_URL: `http://127.0.0.1:${supportPort}`,
  });
  const ready = async (url: string) => (await fetch(`${url}/ready`).catch(() => null))?.ok;
  try {
    await eventually(
      async () =>
        (await ready(`http://127.0.0.1:${authPort}`)) &&
        (await ready(`http://127.0.0.1:${documentsPort}`)) &&
        (await ready(`http://127.0.0.1:${supportPort}`)) &&
        (await ready(`http://127.0.0.1:${internalPort}`)),
      60_000,
    );
  } catch (error) {
    // What the processes said is the only clue to why one did not come up.
    throw new Error(`not ready: ${output.join('').slice(-3000)}`, { cause: error });
  }
}, scaled(150_000));

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
}, scaled(60_000));

const send = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
  fetch(`${gatewayUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: gatewayUrl,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      // A client's id must not become ours, nor reach a log line unbounded.
      'x-request-id': `cliente-${'z'.repeat(200)}`,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

describe('nothing secret in a log (issue 23 item 8)', () => {
  it('a verify with its code, admin searches (users, tickets) and a sign-up leave none of them in any log', async () => {
    const tag = randomBytes(4).toString('hex');
    const secretCode = `SEGREDO${tag.toUpperCase()}`;
    const searchText = `Quitéria Bandeira ${tag}`;
    const email = `quiteria.${tag}@clinica.test`;

    const verify = await send(
      `/api/documents/00000000-0000-4000-8000-000000000000/verify?_secretCode=${secretCode}`,
    );
    expect(verify.status).toBeGreaterThanOrEqual(400);
    expect(verify.headers.get('x-request-id')).not.toContain('cliente');

    const signUp = await send('/auth/register', {
      method: 'POST',
      body: { firstName: 'Quitéria', lastName: 'Bandeira', email, password: 'Segredo-forte-1' },
    });
    expect(signUp.status).toBe(201);

    const login = await send('/auth/login', { method: 'POST', body: withTotp(ADMIN) });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const search = await send(`/api/admin/users?q=${encodeURIComponent(searchText)}`, { cookie });
    expect(search.status).toBe(200);
    const byEmail = await send(`/api/admin/users?q=${encodeURIComponent(email)}`, { cookie });
    expect(byEmail.status).toBe(200);
    const tickets = await send(
      `/api/admin/support-tickets?search=${encodeURIComponent(searchText)}`,
      { cookie },
    );
    expect(tickets.status).toBe(200);

    // The requests were logged by the gateway and by the services (the capture works) ...
    await eventually(async () => {
      const lines = output.join('');
      return (
        lines.includes('"service":"gateway"') &&
        lines.includes('/api/admin/users') &&
        lines.includes('"service":"support"') &&
        lines.includes('"queryKeys":["search"]') &&
        lines.includes('/api/documents/:id/verify')
      );
    }, 15_000);
    const logs = output.join('');
    expect(logs).toContain('"queryKeys":["_secretCode"]');
    expect(logs).toContain('"clientRequestId":"cliente-');
    // ... and what they carried was not.
    const lower = logs.toLowerCase();
    for (const secret of [secretCode, searchText, 'quitéria bandeira', email, tag]) {
      expect(lower, secret).not.toContain(secret.toLowerCase());
    }
    expect(logs).not.toContain('z'.repeat(100));
  });
});
