import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthUnderTest, adminLogin, Client, startAuth, uniqueEmail } from './harness.js';

let auth: AuthUnderTest;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.close());

describe('POST /auth/register from the combined /auth page', () => {
  it('refuses a sign-up without accepting the terms', async () => {
    const client = new Client(auth.url);
    const email = uniqueEmail();
    const res = await client.post('/auth/register', {
      fullName: 'Ana Souza',
      email,
      password: 'Segredo-forte-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Você deve aceitar os termos de uso para criar uma conta');
    // nothing half-written: the email is still free
    const retry = await client.post('/auth/register', {
      fullName: 'Ana Souza',
      email,
      password: 'Segredo-forte-1',
      acceptedTermsVersion: '1.0',
    });
    expect(retry.status).toBe(201);
  });

  it('refuses a version that is not the current one', async () => {
    const res = await new Client(auth.url).post('/auth/register', {
      fullName: 'Ana Souza',
      email: uniqueEmail(),
      password: 'Segredo-forte-1',
      acceptedTermsVersion: '0.9',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Os termos de uso foram atualizados. Leia e aceite a versão atual para criar sua conta.',
    );
  });

  it('signs the user in and records the terms acceptance with version, date, IP and user agent', async () => {
    const client = new Client(auth.url, { 'user-agent': 'TesteNavegador/1.0' });
    const email = uniqueEmail();
    const res = await client.post('/auth/register', {
      fullName: '  Maria   Clara  Ribeiro ',
      email: email.toUpperCase(),
      password: 'Segredo-forte-1',
      acceptedTermsVersion: '1.0',
    });
    expect(res.status).toBe(201);
    expect(res.setCookie).toMatch(/HttpOnly/i);
    expect(res.setCookie).toMatch(/SameSite=Lax/i);
    const me = await client.get('/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      firstName: 'Maria',
      lastName: 'Clara Ribeiro',
      fullName: 'Maria Clara Ribeiro',
      isAdmin: false,
      isPremium: false,
      subscriptionStatus: null,
      userStatus: 'active',
    });

    const admin = new Client(auth.url);
    await adminLogin(admin);
    const profile = await admin.get(`/api/admin/user-profile/${me.body.id}`);
    expect(profile.body.termsAcceptance).toMatchObject({
      version: '1.0',
      ipAddress: '127.0.0.1',
      userAgent: 'TesteNavegador/1.0',
    });
    expect(
      Date.parse(String((profile.body.termsAcceptance as { acceptedAt: string }).acceptedAt)),
    ).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers the no-terms message when no version is active', async () => {
    const admin = new Client(auth.url);
    await adminLogin(admin);
    const list = await admin.get('/api/admin/terms');
    const active = (list.body as unknown as { id: string; isActive: boolean }[]).find(
      (t) => t.isActive,
    )!;
    await admin.put(`/api/admin/terms/${active.id}`, { isActive: false });
    try {
      expect((await new Client(auth.url).get('/api/terms/current')).body.message).toBe(
        'Nenhuma versão dos termos de uso está ativa no momento.',
      );
      const res = await new Client(auth.url).post('/auth/register', {
        fullName: 'Ana Souza',
        email: uniqueEmail(),
        password: 'Segredo-forte-1',
        acceptedTermsVersion: '1.0',
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Não foi possível carregar os termos de uso. Tente novamente.');
    } finally {
      await admin.put(`/api/admin/terms/${active.id}`, { isActive: true });
    }
  });
});

describe('POST /auth/register from the simple /auth/register page', () => {
  it('requires every field', async () => {
    const res = await new Client(auth.url).post('/auth/register', {
      firstName: 'Ana',
      lastName: ' ',
      email: uniqueEmail(),
      password: 'Segredo-forte-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Preencha nome, sobrenome, email e senha para criar sua conta.');
  });

  it.each([
    ['Senha@123', 'está entre as senhas mais usadas'],
    ['Souza!2024', 'contém seu nome ou seu e-mail'],
  ])('refuses %s on both sign-up forms, saying why (%s)', async (password, reason) => {
    for (const body of [
      { firstName: 'Ana', lastName: 'Souza', email: uniqueEmail(), password },
      { fullName: 'Ana Souza', email: uniqueEmail(), password, acceptedTermsVersion: '1.0' },
    ]) {
      const res = await new Client(auth.url).post('/auth/register', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('WEAK_PASSWORD');
      expect(res.body.message).toBe(
        `Senha fácil de adivinhar: ${reason}. Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos, sem palavras, nomes ou sequências comuns.`,
      );
    }
  });

  it.each([
    ['too short', 'a1!b2@'],
    ['without a symbol', 'segredo12'],
    ['without a digit', 'segredo!!'],
    ['without a letter', '12345678!'],
  ])('refuses a password %s with the strong rule of the admin forms', async (_why, password) => {
    for (const body of [
      { firstName: 'Ana', lastName: 'Souza', email: uniqueEmail(), password },
      { fullName: 'Ana Souza', email: uniqueEmail(), password, acceptedTermsVersion: '1.0' },
    ]) {
      const res = await new Client(auth.url).post('/auth/register', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos',
      );
    }
  });

  it('refuses a taken email, whatever its case', async () => {
    const email = uniqueEmail();
    const first = await new Client(auth.url).post('/auth/register', {
      firstName: 'Ana',
      lastName: 'Souza',
      email,
      password: 'Segredo-forte-1',
    });
    expect(first.status).toBe(201);
    const again = await new Client(auth.url).post('/auth/register', {
      firstName: 'Outra',
      lastName: 'Pessoa',
      email: email.toUpperCase(),
      password: 'Segredo-forte-2',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Este email já está cadastrado. Entre com sua senha ou use outro email.',
    );
  });

  it('lets only one of two simultaneous sign-ups with the same email through', async () => {
    const email = uniqueEmail();
    const attempts = await Promise.all(
      [1, 2, 3].map(() =>
        new Client(auth.url).post('/auth/register', {
          firstName: 'Ana',
          lastName: 'Souza',
          email,
          password: 'Segredo-forte-1',
        }),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });
});
