import type { SupportTicket, TicketStatus } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type SupportUnderTest, startSupport, ticketForm } from './harness.js';

let support: SupportUnderTest;
let admin: Client;
const ids: Record<string, string> = {};

const HOUR = 3_600_000;
const base = Date.parse('2026-03-02T12:00:00.000Z');

/** A ticket through the public form, then put in a known state straight in the database. */
async function seed(
  name: string,
  form: Record<string, unknown>,
  state: {
    status: TicketStatus;
    priority: 'low' | 'medium' | 'high' | 'urgent';
    createdHoursAfterBase: number;
    resolvedAfterHours?: number;
  },
) {
  const res = await support.anonymous().post('/api/support/create-ticket', ticketForm(form));
  expect(res.status).toBe(201);
  const id = res.body.id as string;
  const createdAt = new Date(base + state.createdHoursAfterBase * HOUR);
  await support.runtime.db
    .updateTable('support_tickets')
    .set({
      status: state.status,
      priority: state.priority,
      created_at: createdAt,
      resolved_at:
        state.resolvedAfterHours === undefined
          ? null
          : new Date(createdAt.getTime() + state.resolvedAfterHours * HOUR),
    })
    .where('id', '=', id)
    .execute();
  ids[name] = id;
}

beforeAll(async () => {
  support = await startSupport();
  admin = await support.as('admin');
  await seed(
    'pdf',
    { subject: 'Erro ao gerar PDF', category: 'technical', contactName: 'Maria Lima' },
    { status: 'open', priority: 'urgent', createdHoursAfterBase: 0 },
  );
  await seed(
    'cobranca',
    {
      subject: 'Cobrança em dobro',
      description: 'Fui cobrado duas vezes no cartão',
      category: 'billing',
      contactEmail: 'Financeiro@Hospital.test',
    },
    { status: 'in_progress', priority: 'high', createdHoursAfterBase: 1 },
  );
  await seed(
    'ideia',
    {
      subject: 'Sugestão',
      description: 'Modelo de receita 100% personalizável',
      category: 'feature_request',
    },
    { status: 'resolved', priority: 'low', createdHoursAfterBase: 2, resolvedAfterHours: 2 },
  );
  await seed(
    'bug',
    { subject: 'Tela branca', description: 'A TRANSCRIÇÃO some', category: 'bug_report' },
    { status: 'closed', priority: 'urgent', createdHoursAfterBase: 3, resolvedAfterHours: 4.5 },
  );
  await seed(
    'duplicado',
    { subject: 'Duplicado', category: 'general', contactName: null },
    { status: 'closed', priority: 'medium', createdHoursAfterBase: 4 },
  );
  await seed(
    'senha',
    { subject: 'Esqueci a senha', category: 'general', contactName: 'José Maria' },
    { status: 'resolved', priority: 'medium', createdHoursAfterBase: 5, resolvedAfterHours: 1.5 },
  );
});
afterAll(() => support.close());

const list = async (query = '') => {
  const res = await admin.get(`/api/admin/support-tickets${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    tickets: SupportTicket[];
    stats: Record<string, number>;
    pagination: Record<string, unknown>;
  };
};
const namesOf = (tickets: SupportTicket[]) =>
  tickets.map((t) => Object.keys(ids).find((name) => ids[name] === t.id));

const WHOLE_QUEUE = { total: 6, open: 2, resolved: 4 };

describe('GET /api/admin/support-tickets: the counters', () => {
  it('count every ticket: open = open + in_progress, resolved = resolved + closed', async () => {
    const { stats } = await list();
    expect(stats).toMatchObject(WHOLE_QUEUE);
  });

  it('avgResolutionTime is the mean of resolvedAt - createdAt in hours over resolved tickets', async () => {
    const { stats } = await list();
    // (2 + 4.5 + 1.5) / 3; the ticket closed without a resolution time is not in the mean.
    expect(stats.avgResolutionTime).toBeCloseTo(8 / 3, 9);
  });

  it('do not follow the filters: they describe the whole queue', async () => {
    const { tickets, stats } = await list('?status=open&search=maria');
    expect(tickets).toHaveLength(1);
    expect(stats).toMatchObject(WHOLE_QUEUE);
  });
});

describe('GET /api/admin/support-tickets: the list and its filters', () => {
  it('lists every ticket newest first, with everything the detail dialog shows', async () => {
    const { tickets } = await list();
    expect(namesOf(tickets)).toEqual(['senha', 'duplicado', 'bug', 'ideia', 'cobranca', 'pdf']);
    const bug = tickets.find((t) => t.id === ids.bug)!;
    expect(bug).toMatchObject({
      status: 'closed',
      priority: 'urgent',
      category: 'bug_report',
      userId: null,
      userAgent: 'Mozilla/5.0 (Teste)',
      createdAt: new Date(base + 3 * HOUR).toISOString(),
      resolvedAt: new Date(base + 7.5 * HOUR).toISOString(),
    });
    expect(bug.ipAddress).toMatch(/^198\.51\./);
  });

  it.each([
    ['?status=open', ['pdf']],
    ['?status=in_progress', ['cobranca']],
    ['?status=resolved', ['senha', 'ideia']],
    ['?status=closed', ['duplicado', 'bug']],
    ['?priority=urgent', ['bug', 'pdf']],
    ['?priority=low', ['ideia']],
    ['?category=general', ['senha', 'duplicado']],
    ['?category=billing', ['cobranca']],
    ['?category=feature_request', ['ideia']],
    ['?status=closed&priority=urgent', ['bug']],
    [
      '?status=all&priority=all&category=all',
      ['senha', 'duplicado', 'bug', 'ideia', 'cobranca', 'pdf'],
    ],
    ['?category=technical&status=resolved', []],
  ])('%s', async (query, expected) => {
    expect(namesOf((await list(query)).tickets)).toEqual(expected);
  });

  it.each([
    ['subject, any case', 'ERRO AO GERAR', ['pdf']],
    ['description, any case', 'transcrição', ['bug']],
    ['contact email, any case', 'financeiro@hospital', ['cobranca']],
    ['contact name', 'maria', ['senha', 'pdf']],
    ['a % taken literally', '100%', ['ideia']],
    ['a _ taken literally', 'a_b', []],
    ['surrounding spaces ignored', '  SENHA  ', ['senha']],
  ])('search matches the %s', async (_what, search, expected) => {
    const { tickets } = await list(`?search=${encodeURIComponent(search)}`);
    expect(namesOf(tickets)).toEqual(expected);
  });

  it('combines search with the other filters', async () => {
    const { tickets } = await list('?search=maria&status=open');
    expect(namesOf(tickets)).toEqual(['pdf']);
  });

  it('limit keeps the newest', async () => {
    expect(namesOf((await list('?limit=2')).tickets)).toEqual(['senha', 'duplicado']);
  });

  it('pages through the matching tickets, newest first, and says where it is', async () => {
    const all = await list('');
    const total = all.tickets.length;
    expect(all.pagination).toEqual({
      totalCount: total,
      currentPage: 1,
      totalPages: 1,
      hasPrev: false,
      hasNext: false,
    });
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page += 1) {
      const res = await list(`?limit=2&page=${page}`);
      expect(res.pagination).toEqual({
        totalCount: total,
        currentPage: page,
        totalPages: Math.ceil(total / 2),
        hasPrev: page > 1,
        hasNext: page < Math.ceil(total / 2),
      });
      seen.push(...namesOf(res.tickets).map(String));
    }
    expect(seen).toEqual(namesOf(all.tickets).map(String));
    // The count follows the filters; the counters still cover the whole queue.
    const filtered = await list('?search=maria&limit=1&page=2');
    expect(filtered.pagination).toMatchObject({ totalCount: 2, currentPage: 2, hasPrev: true });
    expect(filtered.stats.total).toBe(total);
    // Past the end: an empty page, not an error.
    expect((await list(`?page=${total + 5}`)).tickets).toEqual([]);
  });

  it('serves the text search from the trigram indexes', async () => {
    const indexes = await support.runtime.db
      .selectFrom('pg_indexes' as never)
      .select(['indexname' as never])
      .where('tablename' as never, '=', 'support_tickets' as never)
      .execute();
    const names = indexes.map((i) => (i as { indexname: string }).indexname);
    for (const column of ['subject', 'description', 'contact_email', 'contact_name'])
      expect(names).toContain(`support_tickets_${column}_trgm`);
  });

  it.each([
    ['?page=0', 'Informe em page um número de página inteiro a partir de 1.'],
    ['?limit=201', 'Informe em limit quantos tickets por página, de 1 a 200.'],
  ])('refuses %s with a pt-BR message', async (query, message) => {
    const res = await admin.get(`/api/admin/support-tickets${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['?status=aberto', 'Escolha um status válido: open, in_progress, resolved ou closed.'],
    ['?priority=alta', 'Escolha uma prioridade válida: low, medium, high ou urgent.'],
    [
      '?category=outros',
      'Escolha uma categoria válida: general, technical, billing, feature_request ou bug_report.',
    ],
  ])('an unknown filter value (%s) answers 400 in pt-BR', async (query, message) => {
    const res = await admin.get(`/api/admin/support-tickets${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('GET /api/admin/support-tickets: an empty queue', () => {
  it('has zero counters and an average of 0', async () => {
    const empty = await startSupport();
    try {
      const res = await (await empty.as('admin')).get('/api/admin/support-tickets');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        tickets: [],
        pagination: {
          totalCount: 0,
          currentPage: 1,
          totalPages: 0,
          hasPrev: false,
          hasNext: false,
        },
        stats: { total: 0, open: 0, resolved: 0, avgResolutionTime: 0 },
      });
    } finally {
      await empty.close();
    }
  });
});
