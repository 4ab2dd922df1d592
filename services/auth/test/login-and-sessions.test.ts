import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthUnderTest,
  Client,
  newUser,
  ORIGIN,
  signedInAdmin,
  startAuth,
  uniqueEmail,
} from './harness.js';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.close());

/**
 * A client from its own random documentation-range IPv6 address, so per-IP throttling in one
 * test (or in an earlier run, within the failure window) can't touch another.
 */
const fromOwnIp = () => {
  const hex = randomBytes(6).toString('hex');
  const ip = `2001:db8::${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}`;
  return new Client(auth.url, { 'x-forwarded-for': ip });
};

const adminClient = () => signedInAdmin(auth.url);

describe('POST /auth/login', () => {
  it('answers a wrong password and an unknown email with the same message and status', async () => {
    const { email } = await newUser(auth.url);
    const wrongPassword = await fromOwnIp().post('/auth/login', { email, password: 'errada-123' });
    const unknownEmail = await fromOwnIp().post('/auth/login', {
      email: uniqueEmail(),
      password: 'errada-123',
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Email ou senha inválidos');
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('takes as long for an unknown email as for a wrong password (no enumeration by timing)', async () => {
    // Two accounts, 4 wrong passwords each: below the 5-failure throttle, so every attempt hashes.
    const accounts = [(await newUser(auth.url)).email, (await newUser(auth.url)).email];
    const time = async (body: object) => {
      const started = performance.now();
      await fromOwnIp().post('/auth/login', body);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      known.push(await time({ email: accounts[i % 2], password: `errada-${i}` }));
      unknown.push(await time({ email: uniqueEmail(), password: `errada-${i}` }));
    }
    // Load from other test files only ever adds time, so the fastest sample is each path's own
    // cost. Both verify an argon2id hash (~25 ms); without the decoy the unknown path takes ~2 ms,
    // a ratio near 0.08. On 2 shared cores one path's fastest sample can still be twice the
    // other's, so the bound sits well between the two cases.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.3);
  });

  it('throttles an account after 5 failures, even with the right password', async () => {
    const { email, password } = await newUser(auth.url);
    for (let i = 0; i < 5; i++) {
      expect(
        (await fromOwnIp().post('/auth/login', { email, password: 'errada-123' })).status,
      ).toBe(401);
    }
    const blocked = await fromOwnIp().post('/auth/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(
      'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    );
  });

  it('throttles an IP after 30 failures across accounts', async () => {
    const client = fromOwnIp();
    for (let i = 0; i < 30; i++)
      await client.post('/auth/login', { email: uniqueEmail(), password: 'x' });
    const { email, password } = await newUser(auth.url);
    const blocked = await client.post('/auth/login', { email, password });
    expect(blocked.status).toBe(429);
    // another address is not affected
    expect((await fromOwnIp().post('/auth/login', { email, password })).status).toBe(200);
  });

  it('returns the user and sets an httpOnly session cookie', async () => {
    const { email, password } = await newUser(auth.url);
    const client = new Client(auth.url);
    const res = await client.login(email, password);
    expect(res.body.user).toMatchObject({ email, isAdmin: false });
    expect(res.body.mustChangePassword).toBeUndefined();
    expect(res.setCookie).toMatch(/^pv_session=[^;]+;.*HttpOnly/i);
    // Host-only: the workspace host and the admin host each keep their own session; a cookie
    // for the parent domain would carry one host's session to the other.
    expect(res.setCookie).not.toMatch(/;\s*Domain=/i);
    expect(res.setCookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect((await client.get('/auth/user')).status).toBe(200);
  });
});

describe('GET /auth/user', () => {
  it('is 401 for an anonymous caller, and for a forged or tampered cookie', async () => {
    expect((await new Client(auth.url).get('/auth/user')).status).toBe(401);
    const { client } = await newUser(auth.url);
    const [body, signature] = client.cookie.slice('pv_session='.length).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forgedBody = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const forged = new Client(auth.url);
    forged.cookie = `pv_session=${forgedBody}.${signature}`;
    const res = await forged.get('/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Você precisa entrar na sua conta para continuar.');
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session at once: a copied cookie is refused afterwards', async () => {
    const { client } = await newUser(auth.url);
    const copy = new Client(auth.url);
    copy.cookie = client.cookie;
    expect((await copy.get('/auth/user')).status).toBe(200);
    const out = await client.post('/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Sessão encerrada');
    expect(out.setCookie).toMatch(/pv_session=;/);
    expect((await copy.get('/auth/user')).status).toBe(401);
  });

  it('is harmless without a session', async () => {
    expect((await new Client(auth.url).post('/auth/logout')).status).toBe(200);
  });
});

describe('suspension, deactivation and deletion', () => {
  it.each(['suspended', 'inactive'] as const)(
    'a %s user loses access at once and cannot log in',
    async (status) => {
      const { client, id, email, password } = await newUser(auth.url);
      const admin = await adminClient();
      expect((await admin.put(`/api/admin/users/${id}`, { userStatus: status })).status).toBe(200);
      expect((await client.get('/auth/user')).status).toBe(401);
      const login = await fromOwnIp().post('/auth/login', { email, password });
      expect(login.status).toBe(403);
      expect(login.body.message).toBe(
        status === 'suspended'
          ? 'Sua conta está suspensa. Entre em contato com o suporte.'
          : 'Sua conta está inativa. Entre em contato com o suporte.',
      );
    },
  );

  it('a deleted user loses access at once', async () => {
    const { client, id } = await newUser(auth.url);
    const admin = await adminClient();
    expect((await admin.delete(`/api/admin/users/${id}`)).body.message).toBe(
      'Usuário excluído com sucesso',
    );
    expect((await client.get('/auth/user')).status).toBe(401);
  });

  it('a change of role is seen on the next request of an open session', async () => {
    const { client, id } = await newUser(auth.url);
    expect((await client.get('/api/admin/users')).status).toBe(403);
    const admin = await adminClient();
    await admin.put(`/api/admin/users/${id}`, { isAdmin: true, isPremium: true });
    expect((await client.get('/api/admin/users')).status).toBe(200);
    expect((await client.get('/auth/user')).body).toMatchObject({ isAdmin: true, isPremium: true });
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write from another origin', async () => {
    const { client } = await newUser(auth.url);
    const res = await client.post('/auth/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Requisição bloqueada: origem não permitida.');
    expect((await client.get('/auth/user')).status).toBe(200);
    const own = await client.put('/api/profile', { fullName: 'Ana Souza' });
    expect(own.status).toBe(200);
    const fromOwnPage = await client.post('/auth/logout', undefined, { origin: ORIGIN });
    expect(fromOwnPage.status).toBe(200);
  });

  it('refuses a cross-site write announced by Sec-Fetch-Site', async () => {
    const { client } = await newUser(auth.url);
    const res = await client.post('/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/profile', () => {
  it('updates the professional data and the names', async () => {
    const { client } = await newUser(auth.url);
    const res = await client.put('/api/profile', {
      fullName: 'Joana Prado Lima',
      professionalRegistry: 'CRM',
      registryNumber: '123456/SP',
      clinicAddress: 'Rua das Flores, 10 - São Paulo/SP',
      clinicPhone: '(11) 3333-4444',
      specialty: 'medico_trabalho',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Joana',
      lastName: 'Prado Lima',
      professionalRegistry: 'CRM',
      registryNumber: '123456/SP',
      specialty: 'medico_trabalho',
    });
  });

  it("requires 'Nome Completo'", async () => {
    const { client } = await newUser(auth.url);
    const res = await client.put('/api/profile', { fullName: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Nome Completo é obrigatório');
  });
});
