import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthUnderTest,
  Client,
  newUser,
  signedInAdmin,
  startAuth,
  uniqueEmail,
} from './harness.js';

let auth: AuthUnderTest;
let admin: Client;
beforeAll(async () => {
  auth = await startAuth();
  admin = await signedInAdmin(auth.url);
});
afterAll(() => auth.close());

function expectErrorShape(body: Record<string, unknown>, statusCode: number) {
  expect(body).toMatchObject({
    statusCode,
    code: expect.any(String),
    message: expect.any(String),
    requestId: expect.any(String),
  });
}

describe('bad input gets a 4xx in the one error shape with a pt-BR message', () => {
  it('missing fields', async () => {
    const res = await new Client(auth.url).post('/auth/login', { email: 'ana@clinica.test' });
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 400);
    expect(res.body.message).toBe('Informe a senha.');
    expect(res.body.details).toEqual([{ field: 'password', message: 'Informe a senha.' }]);
  });

  it('wrong types', async () => {
    const { id } = await newUser(auth.url);
    const res = await admin.put(`/api/admin/users/${id}`, { isPremium: 'sim' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('O campo "isPremium" deve ser verdadeiro ou falso.');
    const numeric = await admin.put(`/api/admin/users/${id}`, { isAdmin: 1 });
    expect(numeric.status).toBe(400);
  });

  it('unknown enum values', async () => {
    const { id } = await newUser(auth.url);
    const res = await admin.put(`/api/admin/users/${id}`, { userStatus: 'banido' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'O campo "userStatus" deve ser um destes valores: active, inactive, suspended.',
    );
  });

  it('a malformed id in the path and a malformed query', async () => {
    const res = await admin.get('/api/admin/user-profile/123');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('O parâmetro "id" deve ser um identificador válido.');
    const { id } = await newUser(auth.url);
    const query = await admin.get(`/api/admin/login-history/${id}?limit=muitos`);
    expect(query.status).toBe(400);
    expect(query.body.message).toBe('O parâmetro "limit" deve ser um número inteiro.');
  });

  it('malformed JSON', async () => {
    const res = await new Client(auth.url).post('/auth/login', '{"email": "ana@clinica.test",');
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 400);
    expect(res.body.message).toBe('O corpo da requisição não é um JSON válido.');
  });

  it('a body over 1 MB', async () => {
    const res = await new Client(auth.url).post('/auth/register', {
      fullName: 'x'.repeat(1_100_000),
      email: uniqueEmail(),
      password: 'Segredo-forte-1',
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('O corpo da requisição é grande demais.');
  });

  it('a body that is not JSON', async () => {
    const res = await new Client(auth.url).post('/auth/login', 'email=a', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Tipo de conteúdo não suportado. Envie os dados como JSON.');
  });

  it('an unknown route', async () => {
    const res = await new Client(auth.url).get('/auth/nada');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Rota não encontrada.');
  });

  it('a bodiless call with the JSON content type the clients always send', async () => {
    const res = await new Client(auth.url).post('/auth/logout');
    expect(res.status).toBe(200);
  });

  it('leaves nothing half-written when a request fails', async () => {
    const count = async () =>
      (
        (await admin.get('/api/admin/users')).body as unknown as {
          pagination: { totalCount: number };
        }
      ).pagination.totalCount;
    const before = await count();
    const email = uniqueEmail();
    await new Client(auth.url).post('/auth/register', {
      fullName: 'Ana',
      email,
      password: 'Segredo-forte-1',
      acceptedTermsVersion: '0.1',
    });
    await admin.post('/api/admin/users', { fullName: 'Ana', email, userStatus: 'banido' });
    expect(await count()).toBe(before);
  });
});

describe('request ids', () => {
  it('keeps the id the gateway sent and echoes it', async () => {
    const res = await new Client(auth.url, { 'x-request-id': 'gw-req-12345678' }).get('/auth/user');
    expect(res.headers.get('x-request-id')).toBe('gw-req-12345678');
    expect(res.body.requestId).toBe('gw-req-12345678');
  });

  it('makes one up when none (or a malformed one) is sent', async () => {
    const res = await new Client(auth.url, { 'x-request-id': 'bad id <script>' }).get('/auth/user');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('service endpoints', () => {
  it('/health, /ready (Postgres, Redis, NATS), /docs and /metrics', async () => {
    const c = new Client(auth.url);
    expect((await c.get('/health')).body).toEqual({ status: 'ok', service: 'auth' });
    expect((await c.get('/ready')).body).toEqual({
      status: 'ready',
      checks: { postgres: 'ok', redis: 'ok', nats: 'ok' },
    });
    const spec = await c.get('/docs/json');
    expect(spec.status).toBe(200);
    expect(Object.keys(spec.body.paths as object)).toEqual(
      expect.arrayContaining(['/auth/login', '/api/admin/users/{id}']),
    );
    const metrics = await fetch(`${auth.url}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/http_request_duration_seconds_bucket\{.*route="\/auth\/user"/);
  });
});
