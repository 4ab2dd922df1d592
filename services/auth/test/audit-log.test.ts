import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditEntry, AuditMessages } from '@pv/contracts';
import { eventually } from '@pv/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAuditRecorded } from '../src/events/audit-consumer.js';
import {
  type AuthUnderTest,
  adminLogin,
  Client,
  newUser,
  signedInAdmin,
  startAuth,
} from './harness.js';

type Page = { entries: AuditEntry[]; pagination: { totalCount: number; hasNext: boolean } };

describe('audit trail of staff access (issue 15 item 8)', () => {
  let auth: AuthUnderTest;
  beforeAll(async () => {
    auth = await startAuth({}, { consumer: true });
  });
  afterAll(() => auth.close());

  /** The log as an admin reads it, once `predicate` holds (the outbox and consumer are async). */
  async function logUntil(query: string, predicate: (page: Page) => boolean): Promise<Page> {
    const admin = await signedInAdmin(auth.url);
    return eventually(async () => {
      const res = await admin.get(`/api/admin/audit-log${query}`);
      expect(res.status).toBe(200);
      const page = res.body as unknown as Page;
      return predicate(page) ? page : undefined;
    });
  }

  it('records profile, login-history, reset, Premium grant and delete with actor, target, address and time', async () => {
    const admin = await signedInAdmin(auth.url);
    const { id } = await newUser(auth.url);
    const before = Date.now();
    expect((await admin.get(`/api/admin/user-profile/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/login-history/${id}`)).status).toBe(200);
    expect(
      (
        await admin.post('/api/admin/reset-password', {
          userId: id,
          newPassword: 'Nova!senha9',
          forcePasswordChange: true,
        })
      ).status,
    ).toBe(200);
    expect((await admin.put(`/api/admin/users/${id}`, { isPremium: true })).status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${id}`)).status).toBe(200);

    const page = await logUntil(`?targetId=${id}`, (p) => p.entries.length >= 6);
    const actions = page.entries.map((e) => e.action);
    // Newest first; the edit and the grant it made share one transaction (and often one instant).
    expect([actions[0], [actions[1], actions[2]].sort(), ...actions.slice(3)]).toEqual([
      'user.delete',
      ['user.premium.grant', 'user.update'],
      'user.password.reset',
      'user.login-history.view',
      'user.profile.view',
    ]);
    const adminId = page.entries[0]!.actorId;
    for (const entry of page.entries) {
      expect(entry).toMatchObject({
        actorId: adminId,
        actorEmail: 'chefe@clinica.test',
        targetType: 'user',
        targetId: id,
        ipAddress: '127.0.0.1',
        service: 'auth',
      });
      expect(Date.parse(entry.occurredAt)).toBeGreaterThanOrEqual(before - 1000);
    }
    // What changed, never the values.
    expect(page.entries.find((e) => e.action === 'user.update')!.details).toEqual({
      fields: 'isPremium',
    });
    expect(JSON.stringify(page.entries)).not.toContain('Nova!senha9');
  });

  it('records every change of a terms version: who, which fields and how long, never the text (issue 23 item 9)', async () => {
    const admin = await signedInAdmin(auth.url);
    const version = `9.${Date.now()}`;
    const content = 'Cláusula CONFIDENCIAL de teste.';
    const created = await admin.post('/api/admin/terms', { version, title: 'Termos', content });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const edited = await admin.put(`/api/admin/terms/${id}`, {
      content: `${content} Revista.`,
      'Paciente Maria da Silva': true,
    });
    expect(edited.status).toBe(200);
    expect((await admin.delete(`/api/admin/terms/${id}`)).status).toBe(200);

    const page = await logUntil(`?targetId=${id}`, (p) => p.entries.length >= 3);
    expect(page.entries.map((e) => [e.action, e.targetType, e.details])).toEqual([
      ['content.delete', 'terms-version', {}],
      [
        'content.update',
        'terms-version',
        { fields: 'content', sizes: `content:${content.length + 9}` },
      ],
      [
        'content.create',
        'terms-version',
        {
          fields: 'content,title,version',
          sizes: `content:${content.length},title:6,version:${version.length}`,
        },
      ],
    ]);
    for (const entry of page.entries) {
      expect(entry).toMatchObject({ actorEmail: 'chefe@clinica.test', service: 'auth' });
    }
    expect(JSON.stringify(page.entries)).not.toContain('CONFIDENCIAL');
    expect(JSON.stringify(page.entries)).not.toContain('Maria');
  });

  it("names only the contract's fields of an edit: unknown keys in the body never reach the log", async () => {
    const admin = await signedInAdmin(auth.url);
    const { id } = await newUser(auth.url);
    const res = await admin.put(`/api/admin/users/${id}`, {
      clinicPhone: '(11) 4000-0000',
      'Paciente Maria da Silva, HIV positivo': true,
      [`x${'y'.repeat(300)}`]: 1,
    });
    expect(res.status).toBe(200);
    const page = await logUntil(
      `?targetId=${id}&action=user.update`,
      (p) => p.entries.length === 1,
    );
    expect(page.entries[0]!.details).toEqual({ fields: 'clinicPhone' });
    expect(JSON.stringify(page.entries)).not.toContain('Maria');
  });

  it('records granting and taking back admin rights as actions of their own', async () => {
    const admin = await signedInAdmin(auth.url);
    const { id } = await newUser(auth.url);
    expect((await admin.put(`/api/admin/users/${id}`, { isAdmin: true })).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${id}`, { isAdmin: false })).status).toBe(200);
    // An edit that leaves the flag as it was is only an edit.
    expect((await admin.put(`/api/admin/users/${id}`, { isAdmin: false })).status).toBe(200);
    const page = await logUntil(`?targetId=${id}`, (p) => p.entries.length >= 5);
    expect(page.entries.map((e) => e.action).sort()).toEqual([
      'user.admin.grant',
      'user.admin.revoke',
      'user.update',
      'user.update',
      'user.update',
    ]);
    const granted = await logUntil(
      `?targetId=${id}&action=user.admin.grant`,
      (p) => p.entries.length === 1,
    );
    expect(granted.entries[0]).toMatchObject({
      actorEmail: 'chefe@clinica.test',
      targetType: 'user',
      service: 'auth',
    });
  });

  it('records each user a users list or search showed, never the search text', async () => {
    const admin = new Client(auth.url);
    const adminId = ((await adminLogin(admin)).body.user as { id: string }).id;
    const tag = `lista${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (const name of ['Rita', 'Otávio']) {
      const res = await admin.post('/api/admin/users', {
        fullName: `${name} ${tag} Prado`,
        email: `${name.toLowerCase()}.${tag}@clinica.test`.normalize('NFD').replace(/\p{M}/gu, ''),
      });
      expect(res.status).toBe(201);
      ids.push((res.body.user as { id: string }).id);
    }
    const [older, newer] = ids as [string, string];

    // A search: each user it showed is named, with the page's facts and not the text.
    expect((await admin.get(`/api/admin/users?q=${tag}`)).status).toBe(200);
    const searched = await logUntil(
      `?targetId=${older}&action=users.search`,
      (p) => p.entries.length === 1,
    );
    expect(searched.entries[0]).toMatchObject({
      actorId: adminId,
      actorEmail: 'chefe@clinica.test',
      targetType: 'user',
      targetId: older,
      ipAddress: '127.0.0.1',
      service: 'auth',
      details: { page: 1, sort: 'createdAt', shown: 2, matches: 2 },
    });
    await logUntil(`?targetId=${newer}&action=users.search`, (p) => p.entries.length === 1);

    // A plain page of the list: the newest account is on the first page, so it is named.
    expect((await admin.get('/api/admin/users?limit=1')).status).toBe(200);
    const listed = await logUntil(
      `?targetId=${newer}&action=users.list`,
      (p) => p.entries.length === 1,
    );
    expect(listed.entries[0]).toMatchObject({
      actorId: adminId,
      details: { page: 1, shown: 1 },
    });

    // A search that found nobody is still a search: one entry on the list, no target.
    expect((await admin.get(`/api/admin/users?q=${tag}ninguem`)).status).toBe(200);
    const empty = await logUntil(`?actor=${adminId}&action=users.search`, (p) =>
      p.entries.some((e) => e.targetType === 'users'),
    );
    expect(empty.entries.find((e) => e.targetType === 'users')).toMatchObject({
      targetId: null,
      details: { shown: 0, matches: 0 },
    });
    const everything = await logUntil(`?actor=${adminId}&limit=200`, (p) => p.entries.length > 0);
    expect(JSON.stringify(everything.entries)).not.toContain(tag);
  });

  it('filters by action, actor and dates, and pages newest first', async () => {
    const admin = await signedInAdmin(auth.url);
    const { id } = await newUser(auth.url);
    for (let i = 0; i < 3; i++) await admin.get(`/api/admin/user-profile/${id}`);
    const all = await logUntil(
      `?targetId=${id}&action=user.profile.view&limit=2`,
      (p) => p.pagination.totalCount === 3,
    );
    expect(all.entries).toHaveLength(2);
    expect(all.pagination).toMatchObject({ totalCount: 3, hasNext: true });
    const second = await admin.get(
      `/api/admin/audit-log?targetId=${id}&action=user.profile.view&limit=2&page=2`,
    );
    expect((second.body as unknown as Page).entries).toHaveLength(1);
    const firstIds = all.entries.map((e) => e.id);
    expect(firstIds).not.toContain((second.body as unknown as Page).entries[0]!.id);

    const byEmail = await admin.get(`/api/admin/audit-log?actor=CHEFE@clinica.test&targetId=${id}`);
    expect((byEmail.body as unknown as Page).pagination.totalCount).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await admin.get(
      `/api/admin/audit-log?targetId=${id}&from=${today}&to=${today}`,
    );
    expect((inRange.body as unknown as Page).pagination.totalCount).toBe(3);
    const tooOld = await admin.get(
      `/api/admin/audit-log?targetId=${id}&from=2020-01-01&to=2020-01-31`,
    );
    expect((tooOld.body as unknown as Page).pagination.totalCount).toBe(0);
  });

  it('answers a bad filter with a pt-BR message and keeps non-admins out', async () => {
    const admin = await signedInAdmin(auth.url);
    for (const query of ['?action=nada', '?from=2026-13-45x', '?from=2026-02-01&to=2026-01-01']) {
      const res = await admin.get(`/api/admin/audit-log${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(AuditMessages.invalidFilter);
    }
    const { client } = await newUser(auth.url);
    expect((await client.get('/api/admin/audit-log')).status).toBe(403);
    expect((await new Client(auth.url).get('/api/admin/audit-log')).status).toBe(401);
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    const admin = await signedInAdmin(auth.url);
    const { id } = await newUser(auth.url);
    await admin.get(`/api/admin/user-profile/${id}`);
    await logUntil(`?targetId=${id}`, (p) => p.entries.length === 1);
    await expect(
      sql`UPDATE audit_log SET actor_email = 'outro@x.test' WHERE target_id = ${id}`.execute(
        auth.db,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`DELETE FROM audit_log WHERE target_id = ${id}`.execute(auth.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(auth.db)).rejects.toThrow(/append-only/);
  });

  it('keeps only conforming details, so no stray text is stored and no entry breaks the page', async () => {
    const admin = await signedInAdmin(auth.url);
    const targetId = randomUUID();
    const stray = 'Paciente Joana Prado, diabetes descompensada, mora na Rua A';
    // A producer's slip: a long free-text key, a long value, an object.
    await auth.emit('audit.access.recorded.v1', {
      actorId: randomUUID(),
      actorEmail: 'ops@clinica.test',
      action: 'user.profile.view',
      targetType: 'user',
      targetId,
      ipAddress: '203.0.113.11',
      service: 'auth',
      details: { [stray]: true, note: 'x'.repeat(500), nested: { a: 1 }, page: 2 },
    } as never);
    // An entry stored before the consumer checked details (the table refuses to fix it).
    await sql`INSERT INTO audit_log (id, occurred_at, actor_id, actor_email, action, target_type,
        target_id, ip_address, service, details)
      VALUES (${randomUUID()}, now(), ${randomUUID()}, 'antigo@clinica.test', 'user.update', 'user',
        ${targetId}, '203.0.113.12', 'auth', ${JSON.stringify({ [stray]: true, fields: 'email' })})`.execute(
      auth.db,
    );
    const page = await logUntil(`?targetId=${targetId}`, (p) => p.entries.length === 2);
    const byAction = Object.fromEntries(page.entries.map((e) => [e.action, e.details]));
    expect(byAction['user.profile.view']).toEqual({ note: 'x'.repeat(200), page: 2 });
    expect(byAction['user.update']).toEqual({ fields: 'email' });
    // The unfiltered first page holds them too and still answers.
    expect((await admin.get('/api/admin/audit-log')).status).toBe(200);
    const stored = await sql<{ details: string }>`
      SELECT details::text AS details FROM audit_log WHERE action = 'user.profile.view'
        AND target_id = ${targetId}`.execute(auth.db);
    expect(stored.rows[0]!.details).not.toContain('Joana');
  });

  it('stores a redelivered event once', async () => {
    const admin = await signedInAdmin(auth.url);
    const { id } = await newUser(auth.url);
    const payload = {
      actorId: '00000000-0000-4000-8000-000000000001',
      actorEmail: 'ops@clinica.test',
      action: 'vault.record.view' as const,
      targetType: 'vault-record' as const,
      targetId: id,
      ipAddress: '203.0.113.9',
      service: 'vault',
      details: {},
    };
    const event = await auth.emit('audit.access.recorded.v1', payload);
    await logUntil(`?targetId=${id}`, (p) => p.entries.length === 1);
    // The consumer sees the same envelope again (an ack lost before a restart).
    await applyAuditRecorded(auth.runtime, event);
    await auth.emit('audit.access.recorded.v1', payload); // another event: counted
    const page = await logUntil(`?targetId=${id}`, (p) => p.entries.length >= 2);
    const again = await admin.get(`/api/admin/audit-log?targetId=${id}`);
    expect((again.body as unknown as Page).pagination.totalCount).toBe(2);
    expect(page.entries.map((e) => e.id)).toContain(event.id);
    expect(page.entries[0]).toMatchObject({ service: 'vault', ipAddress: '203.0.113.9' });
    expect(AUDIT_ACTIONS[page.entries[0]!.action]).toBe('Abriu um registro do cofre');
  });
  it('stores and filters the support and analytics entries (issue 15 follow-up)', async () => {
    const actorId = randomUUID();
    const base = {
      actorId,
      actorEmail: 'suporte@clinica.test',
      ipAddress: '203.0.113.10',
      details: {},
    };
    const ticketId = randomUUID();
    await auth.emit('audit.access.recorded.v1', {
      ...base,
      action: 'support.ticket.view' as const,
      targetType: 'support-ticket' as const,
      targetId: ticketId,
      service: 'support',
    });
    await auth.emit('audit.access.recorded.v1', {
      ...base,
      action: 'support.tickets.search' as const,
      targetType: 'support-tickets' as const,
      targetId: null,
      service: 'support',
      details: { status: null, priority: null, category: null, page: 1, matches: 3 },
    });
    await auth.emit('audit.access.recorded.v1', {
      ...base,
      action: 'analytics.visitors.view' as const,
      targetType: 'visitors' as const,
      targetId: null,
      service: 'analytics',
      details: { rows: 20 },
    });
    const all = await logUntil(`?actor=${actorId}`, (p) => p.entries.length === 3);
    expect(all.entries.map((e) => AUDIT_ACTIONS[e.action]).sort()).toEqual([
      'Abriu um ticket de suporte',
      'Buscou tickets de suporte por texto',
      'Viu a lista de visitantes (endereços IP)',
    ]);
    const searches = await logUntil(
      `?actor=${actorId}&action=support.tickets.search`,
      (p) => p.entries.length === 1,
    );
    expect(searches.entries[0]).toMatchObject({ service: 'support', details: { matches: 3 } });
    const opened = await logUntil(`?targetId=${ticketId}`, (p) => p.entries.length === 1);
    expect(opened.entries[0]).toMatchObject({ action: 'support.ticket.view' });
  });
});
