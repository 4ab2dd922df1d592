import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeService, startFakeService, startGateway, type TestGateway } from './helpers.js';

// Issue 23 item 7: with ADMIN_HOST set, the console's routes answer only on that host and the
// workspace's only on the others, each host with its own origins for writes. Through the real
// gateway, over HTTP, with the Host header a browser would send.
let gateway: TestGateway;
const fakes: FakeService[] = [];
beforeAll(async () => {
  const names = ['auth', 'formatting', 'documents', 'analytics', 'vault', 'support'] as const;
  for (const name of names) fakes.push(await startFakeService(name));
  const urls = Object.fromEntries(
    names.map((name, i) => [`${name.toUpperCase()}_URL`, fakes[i]!.url]),
  );
  gateway = await startGateway({
    ...urls,
    ADMIN_HOST: 'console.prontuario.test',
    ADMIN_ORIGINS: 'https://console.prontuario.test',
  });
});
afterAll(async () => {
  await gateway.close();
  for (const fake of fakes) await fake.close();
});

function send(
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          host,
          ...headers,
          ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : '{}');
  });
}

const ADMIN = 'console.prontuario.test';
const WORKSPACE = 'app.prontuario.test';

describe('ADMIN_HOST', () => {
  it.each([
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/system-instructions'],
    ['POST', '/api/admin/terms'],
    ['PUT', '/api/admin/marketing-messages/1'],
    ['GET', '/api/admin/transcript-vault/records'],
    ['GET', '/api/ai-templates'],
    ['GET', '/api/ai-templates/1'],
    ['GET', '/admin'],
    ['GET', '/admin/usuarios'],
  ])(
    '%s %s answers 404 on the workspace host and reaches its service on the admin host',
    async (method, path) => {
      const elsewhere = await send(WORKSPACE, method, path);
      expect(elsewhere.status).toBe(404);
      expect(JSON.parse(elsewhere.body)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Rota não encontrada.',
      });
      // Case and a port do not hide the host.
      expect((await send(`APP.prontuario.test:8443`, method, path)).status).toBe(404);
      if (path.startsWith('/api/')) {
        const there = await send(ADMIN, method, path, {
          origin: 'https://console.prontuario.test',
        });
        expect(there.status).toBe(200);
        expect(JSON.parse(there.body)).toMatchObject({ url: path });
      }
    },
  );

  it.each([
    ['POST', '/api/format-text'],
    ['POST', '/api/generate-pdf'],
    ['GET', '/api/user-templates'],
    ['GET', '/api/transcript-vault/consult'],
    ['GET', '/api/marketing-messages'],
    ['GET', '/'],
  ])('%s %s (the workspace) answers 404 on the admin host only', async (method, path) => {
    expect(
      (await send(ADMIN, method, path, { origin: 'https://console.prontuario.test' })).status,
    ).toBe(404);
    expect((await send(WORKSPACE, method, path)).status).not.toBe(404);
  });

  it('keeps the sign-in, the session and the second factor on both hosts', async () => {
    for (const host of [ADMIN, WORKSPACE]) {
      expect((await send(host, 'GET', '/auth/user')).status).toBe(200);
      expect((await send(host, 'GET', '/auth/mfa')).status).toBe(200);
    }
  });

  it('each host has its own origins: the console writes only on its host', async () => {
    const fromConsole = { origin: 'https://console.prontuario.test' };
    const fromWorkspace = { origin: 'https://app.prontuario.test' };
    const refused = await send(ADMIN, 'POST', '/api/admin/terms', fromWorkspace);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'CSRF_REJECTED',
      message: 'Requisição bloqueada: origem não permitida.',
    });
    expect((await send(WORKSPACE, 'POST', '/auth/login', fromConsole)).status).toBe(403);
    expect((await send(ADMIN, 'POST', '/auth/login', fromConsole)).status).toBe(200);
    expect((await send(WORKSPACE, 'POST', '/auth/login', fromWorkspace)).status).toBe(200);
  });
});

describe('without ADMIN_HOST', () => {
  it('every route answers on any host, as before', async () => {
    const plain = await startGateway({ FORMATTING_URL: fakes[1]!.url });
    try {
      const res = await fetch(`${plain.url}/api/ai-templates`);
      expect(res.status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
