import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
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
 * A client from its own random documentation-range IPv6 network (per-address limits count a
 * /64, issue 23), so per-IP throttling in one test (or in an earlier run, within the failure
 * window) can't touch another.
 */
const fromOwnIp = () => {
  const hex = randomBytes(6).toString('hex');
  const ip = `2001:db8:${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}::1`;
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

  it('backs off an account from the guessing address, even with the right password', async () => {
    const { email, password } = await newUser(auth.url);
    const attacker = fromOwnIp();
    for (let i = 0; i < 5; i++) {
      expect((await attacker.post('/auth/login', { email, password: 'errada-123' })).status).toBe(
        401,
      );
    }
    // The 6th failure starts the backoff: 30 s by default, doubling with each further failure.
    expect((await attacker.post('/auth/login', { email, password: 'errada-123' })).status).toBe(
      401,
    );
    const blocked = await attacker.post('/auth/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('LOGIN_THROTTLED');
    expect(blocked.body.message).toBe(
      'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    );
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
  });

  it("never locks the owner out: knowing the e-mail is not enough, not even the admin's", async () => {
    const { email, password } = await newUser(auth.url);
    for (const account of [email, ADMIN.email]) {
      const attacker = fromOwnIp();
      for (let i = 0; i < 12; i++)
        await attacker.post('/auth/login', { email: account, password: `chute-${i}` });
      expect(
        (await attacker.post('/auth/login', { email: account, password: 'chute-x' })).status,
      ).toBe(429);
    }
    // The owners, from their own addresses, sign in at once.
    expect((await fromOwnIp().post('/auth/login', { email, password })).status).toBe(200);
    const admin = await fromOwnIp().post('/auth/login', ADMIN);
    expect(admin.status).toBe(200);
    expect(admin.body.user).toMatchObject({ isAdmin: true });
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

describe('GET /auth/session', () => {
  it('answers 200 with the user, or with null for a visitor, a forged cookie or after logout', async () => {
    const visitor = await new Client(auth.url).get('/auth/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ user: null });

    const { client, email } = await newUser(auth.url);
    const signedIn = await client.get('/auth/session');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email });
    expect(signedIn.body.user).toEqual((await client.get('/auth/user')).body);

    const [body, signature] = client.cookie.slice('pv_session='.length).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = new Client(auth.url);
    forged.cookie = `pv_session=${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    expect(await forged.get('/auth/session')).toMatchObject({ status: 200, body: { user: null } });

    await client.post('/auth/logout');
    expect(await client.get('/auth/session')).toMatchObject({ status: 200, body: { user: null } });
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
    // Now an admin, the console still wants this session's second factor (issue 23).
    const users = await client.get('/api/admin/users');
    expect(users.status).toBe(401);
    expect(users.body.code).toBe('MFA_REQUIRED');
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
      registryNumber: '123.456',
      registryUf: 'SP',
      rqe: '45678',
      clinicAddress: 'Rua das Flores, 10 - São Paulo/SP',
      clinicPhone: '(11) 3333-4444',
      specialty: 'medico_trabalho',
    });
    expect(res.status).toBe(200);
    const saved = {
      firstName: 'Joana',
      lastName: 'Prado Lima',
      professionalRegistry: 'CRM',
      registryNumber: '123456',
      registryUf: 'SP',
      rqe: '45678',
      clinicAddress: 'Rua das Flores, 10 - São Paulo/SP',
      clinicPhone: '(11) 3333-4444',
      specialty: 'medico_trabalho',
    };
    expect(res.body).toMatchObject(saved);
    expect((await client.get('/auth/user')).body).toMatchObject(saved);
    // Blank clears the RQE; a body without the registry fields leaves them as they are.
    const cleared = await client.put('/api/profile', { fullName: 'Joana Prado Lima', rqe: '' });
    expect(cleared.body).toMatchObject({ rqe: null, registryNumber: '123456', registryUf: 'SP' });
  });

  it('refuses an unknown UF', async () => {
    const { client } = await newUser(auth.url);
    const res = await client.put('/api/profile', {
      fullName: 'Joana Prado Lima',
      professionalRegistry: 'CRM',
      registryNumber: '123456',
      registryUf: 'XX',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'UF do registro desconhecida. Escolha a sigla de um dos 27 estados (ex.: SP).',
    );
  });

  it('refuses letters where the council writes digits, and keeps the categories it uses', async () => {
    const { client } = await newUser(auth.url);
    const put = (professionalRegistry: string, registryNumber: string) =>
      client.put('/api/profile', {
        fullName: 'Joana Prado Lima',
        professionalRegistry,
        registryNumber,
        registryUf: 'RJ',
      });
    const crm = await put('CRM', '123456/SP');
    expect(crm.status).toBe(400);
    expect(crm.body).toMatchObject({
      code: 'REGISTRY_NUMBER_INVALID',
      message: 'Número do CRM inválido: use apenas algarismos (ex.: 123456).',
    });
    const crn = await put('CRN', 'ABC12');
    expect(crn.body.message).toBe(
      'Número do CRN inválido: use apenas algarismos, com /P ao final se o registro for provisório (ex.: 12345).',
    );
    const cress = await put('CRESS', '12O45'); // a letter O where a zero belongs
    expect(cress.body.message).toBe(
      'Número do CRESS inválido: use apenas algarismos (ex.: 12345).',
    );
    const coren = await put('COREN', 'SP-123456');
    expect(coren.body.message).toBe(
      'Número do COREN inválido: use algarismos, com a categoria opcional ao final (ex.: 123456 ou 123456-ENF).',
    );
    const crp = await put('CRP', 'CRP123');
    expect(crp.body.message).toBe(
      'Número do CRP inválido: use algarismos, com a região opcional (ex.: 06/123456).',
    );
    expect((await put('COREN', '123.456-enf')).body).toMatchObject({
      registryNumber: '123456-ENF',
    });
    expect((await put('CRP', '06/12345')).body).toMatchObject({ registryNumber: '06/12345' });
    expect((await put('CRN', '12345/P')).status).toBe(200);
    // Nothing invalid was stored on the way.
    expect((await client.get('/auth/user')).body).toMatchObject({
      professionalRegistry: 'CRN',
      registryNumber: '12345/P',
    });
  });

  it('a number needs its council and its UF', async () => {
    const { client } = await newUser(auth.url);
    const noCouncil = await client.put('/api/profile', {
      fullName: 'Joana Prado Lima',
      registryNumber: '123456',
      registryUf: 'SP',
    });
    expect(noCouncil.status).toBe(400);
    expect(noCouncil.body.message).toBe(
      'Escolha o conselho profissional do seu registro (ex.: CRM).',
    );
    const noUf = await client.put('/api/profile', {
      fullName: 'Joana Prado Lima',
      professionalRegistry: 'CRM',
      registryNumber: '123456',
    });
    expect(noUf.status).toBe(400);
    expect(noUf.body.message).toBe(
      'Escolha a UF do conselho em que o registro foi feito (ex.: SP).',
    );
  });

  it('refuses an RQE with letters', async () => {
    const { client } = await newUser(auth.url);
    const res = await client.put('/api/profile', { fullName: 'Joana Prado Lima', rqe: 'RQE 12' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('RQE inválido: use apenas algarismos (ex.: 12345).');
  });

  it("requires 'Nome Completo'", async () => {
    const { client } = await newUser(auth.url);
    const res = await client.put('/api/profile', { fullName: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Nome Completo é obrigatório');
  });
});

describe('idle timeout', () => {
  let idle: AuthUnderTest;
  beforeAll(async () => {
    idle = await startAuth({ SESSION_IDLE_TIMEOUT_SECONDS: '2' });
  });
  afterAll(() => idle.close());
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('ends a session left unused for the idle timeout; use keeps it alive', async () => {
    const { client: busy, email, password } = await newUser(idle.url);
    const quiet = new Client(idle.url);
    await quiet.login(email, password);
    // Used every 1.2 s for 3.6 s: longer than the timeout in all, never idle for its length.
    for (let i = 0; i < 3; i++) {
      await sleep(1_200);
      expect((await busy.get('/auth/user')).status).toBe(200);
    }
    const ended = await quiet.get('/auth/user');
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe('Você precisa entrar na sua conta para continuar.');
  });
});
