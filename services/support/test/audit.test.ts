import type { AuditRecordedPayload, EventEnvelope, SupportTicket, TicketList } from '@pv/contracts';
import { collectEvents, eventually } from '@pv/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type SupportUnderTest, startSupport, ticketForm } from './harness.js';

let support: SupportUnderTest;
let audit: Awaited<ReturnType<typeof collectEvents>>;
beforeAll(async () => {
  support = await startSupport();
  audit = await collectEvents(
    await support.runtime.nats.connected(),
    `test-support-audit-${Date.now()}`,
    ['audit.access.recorded.v1'],
  );
});
afterAll(async () => {
  await audit.stop();
  await support.close();
});

const LONG = `Paciente Joana Prado, CPF 529.982.247-25, não recebeu a receita. ${'Detalhe. '.repeat(30)}Fim da mensagem.`;

async function newTicket(from: Client, overrides: Record<string, unknown> = {}) {
  const res = await from.post('/api/support/create-ticket', ticketForm(overrides));
  expect(res.status).toBe(201);
  return res.body as unknown as SupportTicket;
}

/** What this admin has on record so far (the relay is woken, so it is there within a second). */
const entriesOf = (actorId: string) =>
  (audit.received as EventEnvelope<AuditRecordedPayload>[])
    .map((e) => e.payload)
    .filter((p) => p.actorId === actorId);

async function entriesAfter(actorId: string, count: number) {
  const entries = await eventually(async () =>
    entriesOf(actorId).length >= count ? entriesOf(actorId) : undefined,
  );
  // Nothing more arrives than expected.
  await new Promise((r) => setTimeout(r, 400));
  expect(entriesOf(actorId)).toHaveLength(count);
  return entries;
}

describe('support tickets in the audit trail', () => {
  it('the list carries a preview; opening a ticket gives the whole message and is recorded', async () => {
    const admin = await support.as('admin', undefined, { 'x-forwarded-for': '198.51.100.23' });
    const ticket = await newTicket(support.anonymous(), { description: LONG, subject: 'Receita' });

    const list = await admin.get('/api/admin/support-tickets?category=technical&limit=100');
    expect(list.status).toBe(200);
    const listed = (list.body as unknown as TicketList).tickets.find((t) => t.id === ticket.id);
    expect(listed?.description).toBe(`${LONG.slice(0, 150)}...`);
    expect(listed?.description).not.toContain('Fim da mensagem');

    const detail = await admin.get(`/api/admin/support-tickets/${ticket.id}/details`);
    expect(detail.status).toBe(200);
    expect((detail.body as unknown as SupportTicket).description).toBe(LONG);

    const [entry] = await entriesAfter(admin.userId, 1);
    expect(entry).toEqual({
      actorId: admin.userId,
      actorEmail: expect.any(String),
      action: 'support.ticket.view',
      targetType: 'support-ticket',
      targetId: ticket.id,
      ipAddress: '198.51.100.23',
      service: 'support',
      details: {},
    });
  });

  it('records a text search without its text, and not a plain page of the queue', async () => {
    const admin = await support.as('admin');
    await newTicket(support.anonymous(), { contactEmail: 'joana.prado@paciente.test' });
    // The support team's daily work: pages and filters, no text. Not recorded.
    expect((await admin.get('/api/admin/support-tickets')).status).toBe(200);
    expect((await admin.get('/api/admin/support-tickets?status=open&page=2')).status).toBe(200);
    // Looking for someone.
    const found = await admin.get(
      '/api/admin/support-tickets?search=joana.prado%40paciente.test&status=open',
    );
    expect(found.status).toBe(200);
    const matches = (found.body as unknown as TicketList).pagination.totalCount;
    expect(matches).toBeGreaterThanOrEqual(1);

    const [entry] = await entriesAfter(admin.userId, 1);
    expect(entry).toMatchObject({
      action: 'support.tickets.search',
      targetType: 'support-tickets',
      targetId: null,
      service: 'support',
      details: { status: 'open', priority: null, category: null, page: 1, matches },
    });
    expect(JSON.stringify(entry)).not.toMatch(/joana|paciente/i);
  });

  it("records a change with the fields and the new status, and a user's tickets", async () => {
    const admin = await support.as('admin');
    const user = await support.as('free');
    const ticket = await newTicket(user);

    const put = await admin.put(`/api/admin/support-tickets/${ticket.id}`, {
      status: 'resolved',
      resolution: 'Reenviada a receita para Joana',
      assignedTo: 'ana@suporte.test',
    });
    expect(put.status).toBe(200);
    // Refused requests are not accesses: nothing to change, an unknown ticket.
    expect((await admin.put(`/api/admin/support-tickets/${ticket.id}`, {})).status).toBe(400);
    const missing = '00000000-0000-4000-8000-00000000beef';
    expect((await admin.get(`/api/admin/support-tickets/${missing}/details`)).status).toBe(404);
    expect((await admin.get(`/api/admin/support-tickets/${user.userId}`)).status).toBe(200);

    const entries = await entriesAfter(admin.userId, 2);
    expect(entries.map((e) => [e.action, e.targetType, e.targetId])).toEqual([
      ['support.ticket.update', 'support-ticket', ticket.id],
      ['user.tickets.view', 'user', user.userId],
    ]);
    expect(entries[0]!.details).toEqual({
      fields: 'status,assignedTo,resolution',
      status: 'resolved',
      previousStatus: 'open',
    });
    expect(entries[1]!.details).toEqual({ tickets: 1 });
    expect(JSON.stringify(entries)).not.toMatch(/Joana|ana@suporte/);
  });

  it('a change and its trace commit together: no trace, no change', async () => {
    const admin = await support.as('admin');
    const ticket = await newTicket(support.anonymous());
    const db = support.runtime.db;
    // The outbox refuses the audit entry (as a full disk or a lost connection would).
    await sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'no audit today'; END $$`.execute(db);
    await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON outbox_events FOR EACH ROW
      WHEN (NEW.subject = 'audit.access.recorded.v1') EXECUTE FUNCTION refuse_audit()`.execute(db);
    try {
      const put = await admin.put(`/api/admin/support-tickets/${ticket.id}`, { status: 'closed' });
      expect(put.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_audit ON outbox_events`.execute(db);
      await sql`DROP FUNCTION refuse_audit()`.execute(db);
    }
    const row = await db
      .selectFrom('support_tickets')
      .select('status')
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');

    expect(
      (await admin.put(`/api/admin/support-tickets/${ticket.id}`, { priority: 'urgent' })).status,
    ).toBe(200);
    const [entry] = await entriesAfter(admin.userId, 1);
    expect(entry).toMatchObject({
      action: 'support.ticket.update',
      details: { fields: 'priority', status: null, previousStatus: null },
    });
  });

  it('keeps non-admins out of the detail', async () => {
    const user = await support.as('free');
    const ticket = await newTicket(user);
    expect((await user.get(`/api/admin/support-tickets/${ticket.id}/details`)).status).toBe(403);
    expect(
      (await support.anonymous().get(`/api/admin/support-tickets/${ticket.id}/details`)).status,
    ).toBe(401);
  });
});
