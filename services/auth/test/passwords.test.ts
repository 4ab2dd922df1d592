import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthUnderTest, Client, newUser, signedInAdmin, startAuth } from './harness.js';

let auth: AuthUnderTest;
let admin: Client;
beforeAll(async () => {
  auth = await startAuth();
  admin = await signedInAdmin(auth.url);
});
afterAll(() => auth.close());

const POLICY = 'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos';

describe('POST /auth/change-password', () => {
  it.each([
    ['too short', 'a1!'],
    ['no symbol', 'abcdefg12'],
    ['no digit', 'abcdefg!!'],
    ['no letter', '12345678!'],
  ])('refuses a new password that is %s with the policy message', async (_why, newPassword) => {
    const { client, password } = await newUser(auth.url);
    const res = await client.post('/auth/change-password', {
      currentPassword: password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(POLICY);
  });

  it('refuses a guessable new password on change, reset and staff-created accounts, naming why', async () => {
    const common = `Senha fácil de adivinhar: está entre as senhas mais usadas. ${POLICY}, sem palavras, nomes ou sequências comuns.`;
    const { client, password, id } = await newUser(auth.url);
    const change = await client.post('/auth/change-password', {
      currentPassword: password,
      newPassword: 'Flamengo@2024',
      confirmPassword: 'Flamengo@2024',
    });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ code: 'WEAK_PASSWORD', message: common });
    const reset = await admin.post('/api/admin/reset-password', {
      userId: id,
      newPassword: 'Senha@123',
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ code: 'WEAK_PASSWORD', message: common });
    const created = await admin.post('/api/admin/users', {
      fullName: 'Rui Barbosa',
      email: `rui-${Date.now()}@clinica.test`,
      password: 'Brasil@2026',
    });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'WEAK_PASSWORD', message: common });
  });

  it('refuses a confirmation that does not match', async () => {
    const { client, password } = await newUser(auth.url);
    const res = await client.post('/auth/change-password', {
      currentPassword: password,
      newPassword: 'Nova!senha9',
      confirmPassword: 'Nova!senha8',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('As senhas não coincidem');
  });

  it('requires the right current password', async () => {
    const { client } = await newUser(auth.url);
    const res = await client.post('/auth/change-password', {
      currentPassword: 'nao-e-esta',
      newPassword: 'Nova!senha9',
      confirmPassword: 'Nova!senha9',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A senha atual está incorreta');
  });

  it("changes the password, ends every session of the user and rotates the caller's", async () => {
    const { client, email, password } = await newUser(auth.url);
    const other = new Client(auth.url);
    await other.login(email, password);
    // Whoever copied the caller's own cookie before the change loses it too.
    const copied = new Client(auth.url);
    copied.cookie = client.cookie;
    const res = await client.post('/auth/change-password', {
      currentPassword: password,
      newPassword: 'Nova!senha9',
      confirmPassword: 'Nova!senha9',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Senha alterada com sucesso');
    expect(res.setCookie).toMatch(/^pv_session=[^;]+;.*HttpOnly/i);
    expect(client.cookie).not.toBe(copied.cookie);
    expect((await client.get('/auth/user')).status).toBe(200);
    expect((await copied.get('/auth/user')).status).toBe(401);
    expect((await other.get('/auth/user')).status).toBe(401);
    expect((await new Client(auth.url).post('/auth/login', { email, password })).status).toBe(401);
    expect(
      (await new Client(auth.url).post('/auth/login', { email, password: 'Nova!senha9' })).status,
    ).toBe(200);
  });

  it('is 401 for an anonymous caller', async () => {
    const res = await new Client(auth.url).post('/auth/change-password', {
      currentPassword: 'x',
      newPassword: 'Nova!senha9',
      confirmPassword: 'Nova!senha9',
    });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/admin/reset-password and the forced change at next login', () => {
  it('applies the policy to the new password', async () => {
    const { id } = await newUser(auth.url);
    const res = await admin.post('/api/admin/reset-password', { userId: id, newPassword: 'curta' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(POLICY);
  });

  it('forces a change at the next login, which needs the current password', async () => {
    const { client, id, email } = await newUser(auth.url);
    const reset = await admin.post('/api/admin/reset-password', {
      userId: id,
      newPassword: 'Temp!1234-Xq',
      forcePasswordChange: true,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(
      'Senha redefinida com sucesso! O usuário deve criar uma nova senha no próximo login.',
    );
    // the reset ends the user's open sessions
    expect((await client.get('/auth/user')).status).toBe(401);

    const user = new Client(auth.url);
    const login = await user.login(email, 'Temp!1234-Xq');
    expect(login.body.mustChangePassword).toBe(true);
    expect(login.body.message).toBe('Você precisa criar uma nova senha antes de continuar.');
    // until the change, the session only reaches the change itself, the current user and logout
    const blocked = await user.put('/api/profile', { fullName: 'Ana Souza' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('Você precisa criar uma nova senha antes de continuar.');
    expect((await user.get('/auth/user')).body.mustChangePassword).toBe(true);

    const change = await user.post('/auth/change-password', {
      currentPassword: 'Temp!1234-Xq',
      newPassword: 'Minha!nova1',
      confirmPassword: 'Minha!nova1',
    });
    expect(change.status).toBe(200);
    expect((await user.put('/api/profile', { fullName: 'Ana Souza' })).status).toBe(200);
    const again = await new Client(auth.url).login(email, 'Minha!nova1');
    expect(again.body.mustChangePassword).toBeUndefined();
  });

  it('refuses a confirmation that does not match', async () => {
    const { id } = await newUser(auth.url);
    const res = await admin.post('/api/admin/reset-password', {
      userId: id,
      newPassword: 'Temp!1234-Xq',
      confirmPassword: 'Temp!1235-Xq',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('As senhas não coincidem');
  });

  it('answers 404 for an unknown user', async () => {
    const res = await admin.post('/api/admin/reset-password', {
      userId: '00000000-0000-4000-8000-000000000000',
      newPassword: 'Temp!1234-Xq',
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Usuário não encontrado.');
  });
});
