import { createServer, type Server } from 'node:http';
import {
  type AddressInfo,
  createServer as createNetServer,
  type Server as NetServer,
} from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_RETRY_DELAY_MS } from '../src/routes/proxy.js';
import { ROUTING_TABLE } from '../src/routing-table.js';
import {
  type FakeService,
  refusedUrl,
  startFakeService,
  startGateway,
  type TestGateway,
} from './helpers.js';

const json = async (body: { json(): Promise<unknown> }) =>
  (await body.json()) as Record<string, unknown>;

describe('proxying to the owning service', () => {
  let auth: FakeService;
  let documents: FakeService;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startFakeService('auth');
    documents = await startFakeService('documents');
    gateway = await startGateway({ AUTH_URL: auth.url, DOCUMENTS_URL: `${documents.url}/` });
  });
  afterAll(async () => {
    await gateway.close();
    await auth.close();
    await documents.close();
  });

  it('passes method, path, query, body and cookies through, and set-cookie back', async () => {
    const response = await request(`${gateway.url}/api/admin/users/42?active=true&q=ana%20maria`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: 'pv_session=abc.def; theme=light' },
      body: JSON.stringify({ fullName: 'Ana Maria', isAdmin: false }),
    });
    expect(response.statusCode).toBe(200);
    expect(await json(response.body)).toMatchObject({ service: 'auth', method: 'PUT' });
    const seen = auth.seen.at(-1)!;
    expect(seen.method).toBe('PUT');
    expect(seen.url).toBe('/api/admin/users/42?active=true&q=ana%20maria');
    expect(JSON.parse(seen.body)).toEqual({ fullName: 'Ana Maria', isAdmin: false });
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers.cookie).toBe('pv_session=abc.def; theme=light');
    expect(response.headers['set-cookie']).toEqual([
      'pv_session=from-upstream; Path=/; HttpOnly; SameSite=Lax',
      'theme=dark; Path=/',
    ]);
    expect(response.headers['x-upstream']).toBe('auth');
  });

  it('sends each prefix to its own service, keeping the prefix in the upstream path', async () => {
    const response = await request(`${gateway.url}/api/generate-pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"content":"x"}',
    });
    expect(await json(response.body)).toMatchObject({
      service: 'documents',
      url: '/api/generate-pdf',
    });
    const bare = await request(`${gateway.url}/auth`, { method: 'GET' });
    expect(await json(bare.body)).toMatchObject({ service: 'auth', url: '/auth' });
  });

  it('never adopts a client’s request id: it mints its own and forwards that one (issue 23)', async () => {
    const response = await request(`${gateway.url}/auth/user`, {
      headers: { 'x-request-id': 'req-test-0001' },
    });
    await response.body.dump();
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(auth.seen.at(-1)!.headers['x-request-id']).toBe(id);
  });

  it('makes up a request id when none (or a malformed one) comes in, and forwards that one', async () => {
    const response = await request(`${gateway.url}/auth/user`, {
      headers: { 'x-request-id': 'bad id!' },
    });
    await response.body.dump();
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(auth.seen.at(-1)!.headers['x-request-id']).toBe(id);
  });

  it('replaces a client-sent X-Forwarded-For (untrusted) and sets proto and host', async () => {
    const response = await request(`${gateway.url}/auth/user`, {
      headers: {
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        forwarded: 'for=6.6.6.6',
      },
    });
    await response.body.dump();
    const headers = auth.seen.at(-1)!.headers;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(headers.forwarded).toBeUndefined();
  });

  it('answers JSON 404 for an /api path no service owns', async () => {
    for (const path of ['/api/nope', '/api/terms-foo', '/api']) {
      const response = await request(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(await json(response.body)).toMatchObject({
        statusCode: 404,
        code: 'ROUTE_NOT_FOUND',
        message: 'Rota não encontrada.',
      });
    }
    const post = await request(`${gateway.url}/api/nope`, { method: 'POST', body: '{}' });
    expect(post.statusCode).toBe(404);
    expect(await json(post.body)).toMatchObject({ message: 'Rota não encontrada.' });
  });

  it('puts the security headers on proxied answers; HSTS only over https', async () => {
    const response = await request(`${gateway.url}/auth/user`);
    await response.body.dump();
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' wss://stt-rt.soniox.com https://api.stripe.com;");
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it("refuses a document body over 1 MB at the gateway (the route's own limit, issue 15)", async () => {
    const before = documents.seen.length;
    const res = await request(`${gateway.url}/api/prescriptions/ambulatory`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(1024 * 1024 + 1, 'a'),
    });
    expect(res.statusCode).toBe(413);
    expect(await json(res.body)).toMatchObject({
      code: 'BODY_TOO_LARGE',
      message: 'O corpo da requisição é grande demais.',
    });
    expect(documents.seen.length).toBe(before);
  });

  it('refuses a body over 2 MB before reaching the service, declared or chunked', async () => {
    const before = auth.seen.length;
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const declared = await request(`${gateway.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(declared.statusCode).toBe(413);
    expect(await json(declared.body)).toMatchObject({
      code: 'BODY_TOO_LARGE',
      message: 'O corpo da requisição é grande demais.',
    });
    const chunked = await request(`${gateway.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Readable.from(
        (function* () {
          for (let i = 0; i < 48; i++) yield Buffer.alloc(64 * 1024, 'b');
        })(),
      ),
    });
    expect(chunked.statusCode).toBe(413);
    expect(await json(chunked.body)).toMatchObject({ code: 'BODY_TOO_LARGE' });
    // The chunked one may have reached the service partially, but never whole.
    expect(auth.seen.slice(before).every((s) => s.bodyBytes < big.length)).toBe(true);
  });

  it('streams a PDF upload up to 15 MB to documents (multipart untouched)', async () => {
    const boundary = '----pv-test-boundary';
    const pdf = Buffer.alloc(5 * 1024 * 1024, 0x25);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await request(`${gateway.url}/api/extract-pdf-text`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.statusCode).toBe(200);
    expect(await json(response.body)).toMatchObject({
      service: 'documents',
      bodyBytes: body.length,
    });
    expect(documents.seen.at(-1)!.headers['content-type']).toBe(
      `multipart/form-data; boundary=${boundary}`,
    );
  });
});

describe('when a service cannot answer', () => {
  let slow: FakeService;
  let gateway: TestGateway;

  beforeAll(async () => {
    slow = await startFakeService('formatting');
    gateway = await startGateway({
      AUTH_URL: await refusedUrl(),
      FORMATTING_URL: slow.url,
      UPSTREAM_TIMEOUT_MS: '400',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await slow.close();
  });

  const timed = async (path: string, init: Parameters<typeof request>[1] = {}) => {
    const started = performance.now();
    const response = await request(`${gateway.url}${path}`, init);
    const body = await json(response.body);
    return { status: response.statusCode, body, ms: performance.now() - started };
  };

  it('answers 503 with the pt-BR message at once when the service refuses connections', async () => {
    const { status, body, ms } = await timed('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-refused-01' },
      body: '{"email":"a@b.com","password":"x"}',
    });
    expect(status).toBe(503);
    expect(body).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message:
        'O serviço de autenticação está indisponível no momento. Tente novamente em instantes.',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(ms).toBeLessThan(1_000);
  });

  it('answers 503 when the service is not configured, for every method and subpath', async () => {
    for (const [method, path] of [
      ['GET', '/api/transcript-vault'],
      ['POST', '/api/transcript-vault/consult'],
      ['DELETE', '/api/admin/transcript-vault/records?confirm=true'],
    ] as const) {
      const { status, body, ms } = await timed(path, {
        method,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, body: '{}' }
          : {}),
      });
      expect(status).toBe(503);
      expect(body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message:
          'O serviço de arquivo de transcrições está indisponível no momento. Tente novamente em instantes.',
      });
      expect(ms).toBeLessThan(500);
    }
    const billing = await timed('/api/soniox/temporary-key', { method: 'POST' });
    expect(billing.body.message).toBe(
      'O serviço de cobrança está indisponível no momento. Tente novamente em instantes.',
    );
  });

  it('has a route for every prefix of the table (503 with that service name, never 404)', async () => {
    for (const { service, label, prefixes } of ROUTING_TABLE) {
      if (service === 'auth' || service === 'formatting') continue; // configured here
      for (const prefix of prefixes) {
        for (const path of [prefix, `${prefix}/x/y?z=1`]) {
          const response = await gateway.app.inject({ method: 'GET', url: path });
          expect(response.statusCode, path).toBe(503);
          expect(response.json().message).toBe(
            `O serviço de ${label} está indisponível no momento. Tente novamente em instantes.`,
          );
        }
      }
    }
  });

  it('answers 504 when the service is slower than UPSTREAM_TIMEOUT_MS, without hanging', async () => {
    const { status, body, ms } = await timed('/api/format-text/slow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":"paciente refere dor"}',
    });
    // Issue 24: the upstream too slow is a 504 in the error shape, with the service's name.
    expect(status).toBe(504);
    expect(body).toMatchObject({
      statusCode: 504,
      code: 'UPSTREAM_TIMEOUT',
      message:
        'O serviço de formatação demorou demais para responder. Tente novamente em instantes.',
    });
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(ms).toBeLessThan(2_000);
  });

  it('answers 503 when the service drops the connection mid-request', async () => {
    const { status, body, ms } = await timed('/api/diagnostic-analysis/reset');
    expect(status).toBe(503);
    expect(body.message).toBe(
      'O serviço de formatação está indisponível no momento. Tente novamente em instantes.',
    );
    expect(ms).toBeLessThan(1_000);
  });

  it('still serves the fast routes of the same service', async () => {
    const { status, body } = await timed('/api/user-templates');
    expect(status).toBe(200);
    expect(body).toMatchObject({ service: 'formatting' });
  });

  it('lists every service in /ready/upstreams for operators, on the internal port only', async () => {
    expect((await timed('/ready/upstreams')).status).toBe(404);
    const response = await request(`${gateway.internalUrl}/ready/upstreams`);
    const status = response.statusCode;
    const body = await json(response.body);
    expect(status).toBe(503);
    expect(body.status).toBe('not-ready');
    expect(body.services).toEqual([
      { service: 'auth', status: 'unreachable' },
      { service: 'formatting', status: 'ready', checks: { postgres: 'ok' } },
      { service: 'documents', status: 'not-configured' },
      { service: 'billing', status: 'not-configured' },
      { service: 'support', status: 'not-configured' },
      { service: 'vault', status: 'not-configured' },
      { service: 'analytics', status: 'not-configured' },
    ]);
  });

  it('is ready itself as long as Redis answers', async () => {
    const { status, body } = await timed('/ready');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ready', checks: { redis: 'ok' } });
    const internal = await request(`${gateway.internalUrl}/ready`);
    expect(internal.statusCode).toBe(200);
    expect(await json(internal.body)).toEqual({ status: 'ready', checks: { redis: 'ok' } });
  });

  it('serves metrics and docs only on the internal port, never to the public', async () => {
    await timed('/api/user-templates');
    for (const path of ['/metrics', '/docs', '/docs/json']) {
      const { status, body } = await timed(path);
      expect(status, path).toBe(404);
      expect(body.code).toBe('ROUTE_NOT_FOUND');
    }
    const metrics = await request(`${gateway.internalUrl}/metrics`);
    expect(metrics.statusCode).toBe(200);
    const text = await metrics.body.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/user-templates[^"]*"/,
    );
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let auth: FakeService;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startFakeService('auth');
    gateway = await startGateway({ AUTH_URL: auth.url, TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await gateway.close();
    await auth.close();
  });

  it('appends the peer to the incoming X-Forwarded-For and keeps its proto and host', async () => {
    const response = await request(`${gateway.url}/auth/user`, {
      headers: {
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'app.example.com.br',
      },
    });
    await response.body.dump();
    const headers = auth.seen.at(-1)!.headers;
    expect(headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-host']).toBe('app.example.com.br');
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=15552000; includeSubDomains',
    );
  });
});

describe('a service that refuses the connection for a moment (a restart)', () => {
  let gateway: TestGateway;
  let upstream: string;
  let comeBack: Server | undefined;
  const seen: string[] = [];

  beforeAll(async () => {
    upstream = await refusedUrl();
    gateway = await startGateway({ BILLING_URL: upstream });
  });
  afterAll(async () => {
    await gateway.close();
    await new Promise((resolve) => (comeBack ? comeBack.close(resolve) : resolve(undefined)));
  });

  /** The service starts listening on its port a moment after the call was sent. */
  const startsSoon = () =>
    setTimeout(() => {
      comeBack = createServer((req, res) => {
        seen.push(`${req.method} ${req.url}`);
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
      comeBack.listen(Number(new URL(upstream).port), '127.0.0.1');
    }, REFUSED_RETRY_DELAY_MS / 5);

  it('a write with a body is not sent again: 503 at once, the client decides', async () => {
    const response = await request(`${gateway.url}/api/subscription/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    await response.body.dump();
  });

  it('an idempotent request (GET) is retried once and gets the answer of the service come back', async () => {
    startsSoon();
    const response = await request(`${gateway.url}/api/subscription`);
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({ ok: true });
    expect(seen).toEqual(['GET /api/subscription']);
  });
});

describe('a service that drops a kept-alive connection as a request goes out on it (a drain)', () => {
  let gateway: TestGateway;
  let upstream: NetServer;
  /** Each request's line, and whether it came on a connection that had served one before. */
  const seen: { line: string; reused: boolean }[] = [];
  let dropping = false;

  beforeAll(async () => {
    // A raw server: it answers the first request of each connection and keeps it alive; while
    // `dropping`, a later request on it finds the connection reset (the service closed it).
    upstream = createNetServer((socket) => {
      let served = 0;
      socket.on('data', (chunk) => {
        const reused = served > 0;
        seen.push({ line: chunk.toString().split('\r\n')[0] ?? '', reused });
        if (reused && dropping) {
          socket.resetAndDestroy();
          return;
        }
        served += 1;
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"ok":true}',
        );
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    gateway = await startGateway({ BILLING_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await gateway.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('an idempotent request is sent again at once on a new connection, and answered', async () => {
    dropping = false;
    const first = await request(`${gateway.url}/api/subscription`);
    expect(first.statusCode).toBe(200);
    await first.body.dump();
    dropping = true;
    const started = Date.now();
    const second = await request(`${gateway.url}/api/subscription`);
    expect(second.statusCode).toBe(200);
    expect(await second.body.json()).toEqual({ ok: true });
    // At once: not the pause a refused connection gets.
    expect(Date.now() - started).toBeLessThan(REFUSED_RETRY_DELAY_MS);
    expect(seen.slice(-2)).toEqual([
      { line: 'GET /api/subscription HTTP/1.1', reused: true },
      { line: 'GET /api/subscription HTTP/1.1', reused: false },
    ]);
  });

  it('a write with a body is not sent twice: the client gets the failure', async () => {
    dropping = false;
    const warm = await request(`${gateway.url}/api/subscription`);
    await warm.body.dump();
    dropping = true;
    const before = seen.length;
    const response = await request(`${gateway.url}/api/subscription/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    await response.body.dump();
    expect(seen.slice(before).map((s) => s.line)).toEqual([
      'POST /api/subscription/cancel HTTP/1.1',
    ]);
  });
});
