import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthUnderTest,
  adminLogin,
  Client,
  newUser,
  startAuth,
  uniqueEmail,
} from './harness.js';

let auth: AuthUnderTest;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  auth = await startAuth();
  admin = new Client(auth.url);
  adminId = ((await adminLogin(admin)).body.user as { id: string }).id;
});
afterAll(() => auth.close());

type Row = Record<string, unknown> & { id: string };

describe('admin users', () => {
  it('creates a user with a generated temporary password that must be changed', async () => {
    const email = uniqueEmail('enfermeira');
    const res = await admin.post('/api/admin/users', {
      fullName: 'Beatriz Nunes',
      email,
      isPremium: true,
      userStatus: 'active',
      specialty: 'enfermeira',
      professionalRegistry: 'COREN',
      registryNumber: '998877',
      registryUf: 'BA',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Usuário criado com sucesso');
    const temporary = String(res.body.temporaryPassword);
    expect(temporary).toMatch(/^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d]).{8,}$/);
    expect(res.body.user).toMatchObject({
      email,
      isPremium: true,
      isAdmin: false,
      mustChangePassword: true,
    });
    const login = await new Client(auth.url).login(email, temporary);
    expect(login.body.mustChangePassword).toBe(true);
    expect((login.body.user as Row).isPremium).toBe(true);
  });

  it("requires 'Nome Completo' and a valid email", async () => {
    const noName = await admin.post('/api/admin/users', { fullName: '', email: uniqueEmail() });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Nome Completo é obrigatório');
    const badEmail = await admin.post('/api/admin/users', { fullName: 'Ana', email: 'ana@' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Informe um email válido.');
  });

  it('lists users newest first with the admin view fields', async () => {
    const { id } = await newUser(auth.url);
    const res = await admin.get('/api/admin/users');
    const rows = (res.body as unknown as { users: Row[] }).users;
    expect(rows[0]!.id).toBe(id);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'id',
        'fullName',
        'firstName',
        'lastName',
        'email',
        'picture',
        'userStatus',
        'isPremium',
        'isAdmin',
        'specialty',
        'registryNumber',
        'professionalRegistry',
        'registryUf',
        'rqe',
        'clinicPhone',
        'clinicAddress',
        'createdAt',
        'lastLoginAt',
        'subscriptionStatus',
        'mustChangePassword',
        'termsAcceptance',
      ].sort(),
    );
    expect(JSON.stringify(rows)).not.toMatch(/password_hash|\$argon2/);
  });

  it('edits Premium, admin and status', async () => {
    const { id } = await newUser(auth.url);
    const res = await admin.put(`/api/admin/users/${id}`, {
      isPremium: true,
      userStatus: 'suspended',
      fullName: 'Ana B. Souza',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isPremium: true,
      userStatus: 'suspended',
      firstName: 'Ana',
      lastName: 'B. Souza',
    });
  });

  it('edits the registry (council, UF, number, RQE) and the clinic, with the same checks', async () => {
    const { id } = await newUser(auth.url);
    const res = await admin.put(`/api/admin/users/${id}`, {
      professionalRegistry: 'CRM',
      registryNumber: '654321',
      registryUf: 'MG',
      rqe: '1234',
      clinicPhone: '(31) 3222-1100',
      clinicAddress: 'Av. Afonso Pena, 1000 - Belo Horizonte/MG',
    });
    expect(res.status).toBe(200);
    const expected = {
      professionalRegistry: 'CRM',
      registryNumber: '654321',
      registryUf: 'MG',
      rqe: '1234',
      clinicPhone: '(31) 3222-1100',
      clinicAddress: 'Av. Afonso Pena, 1000 - Belo Horizonte/MG',
    };
    expect(res.body).toMatchObject(expected);
    expect((await admin.get(`/api/admin/user-profile/${id}`)).body).toMatchObject(expected);
    const badUf = await admin.put(`/api/admin/users/${id}`, { registryUf: 'BR' });
    expect(badUf.status).toBe(400);
    expect(badUf.body.message).toBe(
      'UF do registro desconhecida. Escolha a sigla de um dos 27 estados (ex.: SP).',
    );
    // The UF changes alone: the stored number is checked with it and still passes; letters do not.
    expect((await admin.put(`/api/admin/users/${id}`, { registryUf: 'SP' })).status).toBe(200);
    const letters = await admin.put(`/api/admin/users/${id}`, { registryNumber: 'MG654321' });
    expect(letters.status).toBe(400);
    expect(letters.body.message).toBe(
      'Número do CRM inválido: use apenas algarismos (ex.: 123456).',
    );
    const create = await admin.post('/api/admin/users', {
      fullName: 'Carla Reis',
      email: uniqueEmail('psicologa'),
      professionalRegistry: 'CRP',
      registryNumber: 'CRP-06',
      registryUf: 'SP',
    });
    expect(create.status).toBe(400);
    expect(create.body.message).toBe(
      'Número do CRP inválido: use algarismos, com a região opcional (ex.: 06/123456).',
    );
  });

  it('refuses an email another user has', async () => {
    const a = await newUser(auth.url);
    const b = await newUser(auth.url);
    const res = await admin.put(`/api/admin/users/${b.id}`, { email: a.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Este email já está cadastrado. Entre com sua senha ou use outro email.',
    );
  });

  it('does not let an admin remove their own admin access or suspend themselves', async () => {
    const demote = await admin.put(`/api/admin/users/${adminId}`, { isAdmin: false });
    expect(demote.status).toBe(400);
    expect(demote.body.message).toBe('Você não pode remover seu próprio acesso de administrador.');
    const suspend = await admin.put(`/api/admin/users/${adminId}`, { userStatus: 'suspended' });
    expect(suspend.body.message).toBe('Você não pode suspender ou desativar a sua própria conta.');
  });

  it('never deletes an admin account', async () => {
    const other = await admin.post('/api/admin/users', {
      fullName: 'Outro Admin',
      email: uniqueEmail('admin'),
      isAdmin: true,
    });
    const id = (other.body.user as Row).id;
    const res = await admin.delete(`/api/admin/users/${id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Contas de administrador não podem ser excluídas.');
    expect((await admin.get(`/api/admin/user-profile/${id}`)).status).toBe(200);
  });

  it('deletes a regular user', async () => {
    const { id } = await newUser(auth.url);
    expect((await admin.delete(`/api/admin/users/${id}`)).status).toBe(200);
    const gone = await admin.get(`/api/admin/user-profile/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Usuário não encontrado.');
  });

  it('lists the login history, most recent first, with session durations', async () => {
    const { client, id, email, password } = await newUser(auth.url);
    await client.post('/auth/logout');
    const second = new Client(auth.url, {
      'user-agent': 'Tablet/2.0',
      'x-forwarded-for': '203.0.113.7',
    });
    await second.login(email, password);
    const res = await admin.get(`/api/admin/login-history/${id}?limit=5`);
    const rows = res.body as unknown as Row[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ipAddress: '203.0.113.7', userAgent: 'Tablet/2.0' });
    expect(Date.parse(String(rows[0]!.loginDate))).toBeGreaterThanOrEqual(
      Date.parse(String(rows[1]!.loginDate)),
    );
    for (const row of rows) expect(row.sessionDuration).toBeGreaterThanOrEqual(0);
    expect((await admin.get(`/api/admin/login-history/${id}?limit=1`)).body).toHaveLength(1);
  });
});

describe('GET /api/admin/users: paged and searched on the server (issue 17)', () => {
  type Page = {
    users: Row[];
    pagination: {
      totalCount: number;
      currentPage: number;
      totalPages: number;
      hasPrev: boolean;
      hasNext: boolean;
    };
  };
  const tag = `busca${Date.now().toString(36)}`;
  const created: { id: string; email: string; fullName: string }[] = [];
  beforeAll(async () => {
    // Five users whose name or email carries the tag; created one by one, oldest first.
    for (const [i, name] of ['Zélia', 'Ana', 'bruno', 'Carla', 'Davi'].entries()) {
      const email = i === 2 ? uniqueEmail(`${tag}-email`) : uniqueEmail();
      const fullName = i === 2 ? 'Bruno Sem Marca' : `${name} ${tag.toUpperCase()} Lima`;
      const res = await admin.post('/api/admin/users', { fullName, email });
      created.push({ id: (res.body.user as { id: string }).id, email, fullName });
    }
  });
  const list = async (query: string) => {
    const res = await admin.get(`/api/admin/users?${query}`);
    expect(res.status).toBe(200);
    return res.body as unknown as Page;
  };

  it('answers one page and the pagination block, like the vault and the support queue', async () => {
    const first = await list(`q=${tag}&limit=2`);
    expect(first.users.map((u) => u.id)).toEqual([created[4]!.id, created[3]!.id]);
    expect(first.pagination).toEqual({
      totalCount: 5,
      currentPage: 1,
      totalPages: 3,
      hasPrev: false,
      hasNext: true,
    });
    const last = await list(`q=${tag}&limit=2&page=3`);
    expect(last.users.map((u) => u.id)).toEqual([created[0]!.id]);
    expect(last.pagination).toMatchObject({ currentPage: 3, hasPrev: true, hasNext: false });
    expect((await list(`q=${tag}&limit=2&page=9`)).users).toEqual([]);
  });

  it('searches name or email, case-insensitively, as plain text', async () => {
    const byName = await list(`q=${encodeURIComponent(tag.toUpperCase())}`);
    expect(byName.users).toHaveLength(5);
    const byEmail = await list(`q=${encodeURIComponent(`${tag}-EMAIL`)}`);
    expect(byEmail.users.map((u) => u.id)).toEqual([created[2]!.id]);
    // LIKE's wildcards are literal: '%' and '_' match only themselves.
    expect((await list('q=%25')).pagination.totalCount).toBe(0);
    expect((await list(`q=${tag.slice(0, 3)}_${tag.slice(4)}`)).pagination.totalCount).toBe(0);
  });

  it('sorts on the server by the column asked for', async () => {
    const byName = await list(`q=${tag}&sort=fullName&order=asc`);
    expect(byName.users.map((u) => u.fullName)).toEqual(
      [...created.map((u) => u.fullName)].sort((a, b) => (a < b ? -1 : 1)),
    );
    const desc = await list(`q=${tag}&sort=fullName&order=desc`);
    expect(desc.users.map((u) => u.id)).toEqual(byName.users.map((u) => u.id).reverse());
  });

  it('refuses a bad page, limit, sort or an over-long search with pt-BR messages', async () => {
    const cases: [string, string][] = [
      ['page=0', 'Informe em page um número de página inteiro a partir de 1.'],
      ['limit=101', 'Informe em limit quantos usuários por página, de 1 a 100.'],
      [`q=${'a'.repeat(201)}`, 'A busca deve ter no máximo 200 caracteres.'],
      [
        'sort=password_hash',
        'Ordene por createdAt, fullName, email, specialty, registry ou lastLoginAt (order asc ou desc).',
      ],
    ];
    for (const [query, message] of cases) {
      const res = await admin.get(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });

  it('serves the search from the trigram indexes', async () => {
    const indexes = await auth.db
      .selectFrom('pg_indexes' as never)
      .select(['indexname' as never])
      .where('tablename' as never, '=', 'users' as never)
      .execute();
    expect(indexes.map((row) => (row as { indexname: string }).indexname)).toEqual(
      expect.arrayContaining(['users_full_name_trgm', 'users_email_trgm']),
    );
  });
});

describe('terms versions', () => {
  it('keeps at most one version active', async () => {
    const created = await admin.post('/api/admin/terms', {
      version: `2.${Date.now()}`,
      title: 'Termos de Uso',
      content: 'Texto atualizado dos termos.',
      isActive: true,
    });
    expect(created.status).toBe(201);
    const list = (await admin.get('/api/admin/terms')).body as unknown as Row[];
    expect(list.filter((t) => t.isActive)).toHaveLength(1);
    expect(list.find((t) => t.isActive)!.id).toBe(created.body.id);
    expect((await new Client(auth.url).get('/api/terms/current')).body.version).toBe(
      created.body.version,
    );

    const active = await admin.delete(`/api/admin/terms/${created.body.id}`);
    expect(active.status).toBe(409);
    expect(active.body.message).toBe(
      'A versão ativa dos termos não pode ser excluída. Ative outra versão antes.',
    );

    const original = list.find((t) => t.version === '1.0')!;
    await admin.put(`/api/admin/terms/${original.id}`, { isActive: true });
    const after = (await admin.get('/api/admin/terms')).body as unknown as Row[];
    expect(after.filter((t) => t.isActive).map((t) => t.id)).toEqual([original.id]);
    expect((await admin.delete(`/api/admin/terms/${created.body.id}`)).status).toBe(200);
  });

  it('refuses a duplicate version number and blank fields', async () => {
    const dup = await admin.post('/api/admin/terms', { version: '1.0', title: 'x', content: 'y' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Já existe uma versão dos termos com este número.');
    const blank = await admin.post('/api/admin/terms', { version: '9', title: '  ', content: 'y' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Informe o título dos termos.');
  });

  it('keeps a version that users accepted', async () => {
    const list = (await admin.get('/api/admin/terms')).body as unknown as Row[];
    const accepted = list.find((t) => t.version === '1.0')!;
    await new Client(auth.url).post('/auth/register', {
      fullName: 'Ana Souza',
      email: uniqueEmail(),
      password: 'Segredo-forte-1',
      acceptedTermsVersion: '1.0',
    });
    const other = await admin.post('/api/admin/terms', {
      version: `3.${Date.now()}`,
      title: 't',
      content: 'c',
      isActive: true,
    });
    const res = await admin.delete(`/api/admin/terms/${accepted.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Esta versão já foi aceita por usuários e não pode ser excluída.',
    );
    await admin.put(`/api/admin/terms/${accepted.id}`, { isActive: true });
    await admin.delete(`/api/admin/terms/${other.body.id}`);
  });
});
