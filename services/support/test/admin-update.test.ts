import { randomUUID } from 'node:crypto';
import type { SupportTicket } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type SupportUnderTest, startSupport, ticketForm } from './harness.js';

let support: SupportUnderTest;
let admin: Client;
beforeAll(async () => {
  support = await startSupport();
  admin = await support.as('admin');
});
afterAll(() => support.close());

async function newTicket(from: Client = support.anonymous()): Promise<SupportTicket> {
  const res = await from.post('/api/support/create-ticket', ticketForm());
  expect(res.status).toBe(201);
  return res.body as unknown as SupportTicket;
}
const put = async (id: string, body: unknown) => {
  const res = await admin.put(`/api/admin/support-tickets/${id}`, body);
  return { status: res.status, body: res.body as unknown as SupportTicket & { message?: string } };
};
/** Moves a ticket's timestamps into the past, so "now" is distinguishable from them. */
const age = (id: string, hours: number) =>
  support.runtime.db
    .updateTable('support_tickets')
    .set({ created_at: new Date(Date.now() - hours * 3_600_000) })
    .set({ updated_at: new Date(Date.now() - hours * 3_600_000) })
    .where('id', '=', id)
    .execute();

describe('PUT /api/admin/support-tickets/:id', () => {
  it('changes status, priority, assignee, resolution and notes; updatedAt moves', async () => {
    const ticket = await newTicket();
    await age(ticket.id, 1);
    const res = await put(ticket.id, {
      status: 'in_progress',
      priority: 'urgent',
      assignedTo: 'suporte@prontuario.test',
      resolution: 'Reinstalar o navegador',
      resolutionNotes: 'Usuário no Safari antigo',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ticket.id,
      status: 'in_progress',
      priority: 'urgent',
      assignedTo: 'suporte@prontuario.test',
      resolution: 'Reinstalar o navegador',
      resolutionNotes: 'Usuário no Safari antigo',
      resolvedAt: null,
      subject: ticket.subject,
      contactEmail: ticket.contactEmail,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(res.body.createdAt)).toBeLessThan(Date.now() - 3_000_000);
  });

  it('changes only what is sent; null or blank clears a text field', async () => {
    const ticket = await newTicket();
    await put(ticket.id, { assignedTo: 'Ana', resolution: 'x' });
    const res = await put(ticket.id, { assignedTo: null, resolution: '   ' });
    expect(res.body).toMatchObject({
      status: 'open',
      priority: 'medium',
      assignedTo: null,
      resolution: null,
    });
  });

  it('resolving a ticket without resolvedAt stamps it with the server clock', async () => {
    const ticket = await newTicket();
    await age(ticket.id, 5);
    const before = Date.now();
    // A resolvedAt sent by the client is not taken: the server's clock decides.
    const res = await put(ticket.id, {
      status: 'resolved',
      resolvedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('resolved');
    const resolvedAt = Date.parse(res.body.resolvedAt!);
    expect(resolvedAt).toBeGreaterThanOrEqual(before - 2_000);
    expect(resolvedAt).toBeLessThanOrEqual(Date.now() + 2_000);
    expect(res.body.updatedAt).toBe(res.body.resolvedAt);
  });

  it('resolving again, or closing, keeps the first resolvedAt', async () => {
    const ticket = await newTicket();
    const first = (await put(ticket.id, { status: 'resolved' })).body.resolvedAt;
    expect(first).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect((await put(ticket.id, { status: 'resolved', resolution: 'ok' })).body.resolvedAt).toBe(
      first,
    );
    expect((await put(ticket.id, { status: 'closed' })).body.resolvedAt).toBe(first);
    expect((await put(ticket.id, { priority: 'low' })).body.resolvedAt).toBe(first);
  });

  it('closing a ticket that was never resolved leaves resolvedAt empty', async () => {
    const ticket = await newTicket();
    expect((await put(ticket.id, { status: 'closed' })).body).toMatchObject({
      status: 'closed',
      resolvedAt: null,
    });
  });

  it.each(['open', 'in_progress'] as const)(
    'reopening (%s) clears resolvedAt; the next resolution is stamped afresh',
    async (status) => {
      const ticket = await newTicket();
      const first = (await put(ticket.id, { status: 'resolved' })).body.resolvedAt!;
      const reopened = await put(ticket.id, { status });
      expect(reopened.body).toMatchObject({ status, resolvedAt: null });
      await new Promise((r) => setTimeout(r, 20));
      const again = (await put(ticket.id, { status: 'resolved' })).body.resolvedAt!;
      expect(Date.parse(again)).toBeGreaterThan(Date.parse(first));
    },
  );

  it('an empty body (or one with only unknown fields) answers 400', async () => {
    const ticket = await newTicket();
    for (const body of [{}, { resolvedAt: new Date().toISOString() }]) {
      const res = await put(ticket.id, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'NOTHING_TO_UPDATE',
        message:
          'Informe ao menos um campo para atualizar o ticket: status, priority, assignedTo, resolution ou resolutionNotes.',
      });
    }
  });

  it('an unknown status or priority answers 400 in pt-BR, nothing changed', async () => {
    const ticket = await newTicket();
    const status = await put(ticket.id, { status: 'fechado', priority: 'high' });
    expect(status.status).toBe(400);
    expect(status.body.message).toBe(
      'Escolha um status válido: open, in_progress, resolved ou closed.',
    );
    const priority = await put(ticket.id, { priority: 'altissima' });
    expect(priority.body.message).toBe(
      'Escolha uma prioridade válida: low, medium, high ou urgent.',
    );
    const row = await support.runtime.db
      .selectFrom('support_tickets')
      .select(['status', 'priority'])
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', priority: 'medium' });
  });

  it('an unknown ticket answers 404 in pt-BR', async () => {
    const res = await put(randomUUID(), { status: 'resolved' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'TICKET_NOT_FOUND',
      message: 'Ticket de suporte não encontrado.',
    });
  });

  it('a ticket id that is not a uuid answers 400', async () => {
    const res = await put('123', { status: 'resolved' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('O parâmetro "id" deve ser um identificador válido.');
  });
});

describe('GET /api/admin/support-tickets/:id (a user id)', () => {
  it("lists that user's tickets newest first, and no one else's", async () => {
    const user = await support.as('free');
    const other = await support.as('premium');
    const first = await newTicket(user);
    await newTicket(other);
    await newTicket();
    const second = await newTicket(user);
    await age(first.id, 2);
    const res = await admin.get(`/api/admin/support-tickets/${user.userId}`);
    expect(res.status).toBe(200);
    const tickets = res.body as unknown as SupportTicket[];
    expect(tickets.map((t) => t.id)).toEqual([second.id, first.id]);
    expect(tickets.every((t) => t.userId === user.userId)).toBe(true);
  });

  it('a user without tickets has an empty list', async () => {
    const res = await admin.get(`/api/admin/support-tickets/${randomUUID()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('authorization', () => {
  const adminRoutes = [
    ['GET', '/api/admin/support-tickets', undefined],
    ['GET', `/api/admin/support-tickets/${randomUUID()}`, undefined],
    ['PUT', `/api/admin/support-tickets/${randomUUID()}`, { status: 'resolved' }],
  ] as const;

  it.each(adminRoutes)('%s %s: anonymous 401', async (method, path, body) => {
    const res = await support.anonymous().call(method, path, body);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Você precisa entrar na sua conta para continuar.');
  });

  it.each(adminRoutes)('%s %s: free and Premium users 403', async (method, path, body) => {
    for (const role of ['free', 'premium'] as const) {
      const res = await (await support.as(role)).call(method, path, body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Acesso negado. Esta área é restrita a administradores.');
    }
  });

  it('a non-admin cannot change a real ticket', async () => {
    const ticket = await newTicket();
    const free = await support.as('free');
    expect(
      (await free.put(`/api/admin/support-tickets/${ticket.id}`, { status: 'closed' })).status,
    ).toBe(403);
    const [row] = await support.runtime.db
      .selectFrom('support_tickets')
      .select('status')
      .where('id', '=', ticket.id)
      .execute();
    expect(row?.status).toBe('open');
  });

  it('POST /api/support/create-ticket is public: anonymous, free, Premium and admin may send', async () => {
    expect((await newTicket()).userId).toBeNull();
    for (const role of ['free', 'premium', 'admin'] as const) {
      const client = await support.as(role);
      expect((await newTicket(client)).userId).toBe(client.userId);
    }
  });
});
