import type { AuditEntry, AuditLogPage } from '@pv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asAdmin, uuid } from '../../../test/fixtures';
import { jsonResponses, renderAt } from '../../../test/render';
import AuditTab from './audit-tab';

const target = uuid();
function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: uuid(),
    occurredAt: '2026-11-26T12:30:00.000Z',
    actorId: uuid(),
    actorEmail: 'ops@clinica.test',
    action: 'vault.record.view',
    targetType: 'vault-record',
    targetId: target,
    ipAddress: '203.0.113.9',
    service: 'vault',
    details: {},
    ...overrides,
  };
}

function page(entries: AuditEntry[], currentPage = 1, totalCount = entries.length): AuditLogPage {
  const totalPages = Math.ceil(totalCount / 50);
  return {
    entries,
    pagination: {
      totalCount,
      currentPage,
      totalPages,
      hasPrev: currentPage > 1,
      hasNext: currentPage < totalPages,
    },
  };
}

describe("'Auditoria' tab (issue 15 item 8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists who did what to which target, from where, with the pt-BR action', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        ...asAdmin,
        'GET /api/admin/audit-log': [
          200,
          page([
            entry({
              action: 'vault.records.export',
              targetId: null,
              details: { limit: 100, uf: null },
            }),
            entry(),
          ]),
        ],
      }),
    );
    renderAt(<AuditTab />);
    const table = await screen.findByRole('table', { name: 'Registro de auditoria' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Exportou registros do cofre');
    expect(rows[1]).toHaveTextContent('limit: 100');
    expect(rows[1]).not.toHaveTextContent('uf');
    expect(rows[2]).toHaveTextContent('Abriu um registro do cofre');
    expect(rows[2]).toHaveTextContent(target);
    expect(rows[2]).toHaveTextContent('ops@clinica.test');
    expect(rows[2]).toHaveTextContent('203.0.113.9');
  });

  it('sends only the filters given and starts again from page 1', async () => {
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/audit-log': (call) => {
        const params = new URL(call.url, 'http://x').searchParams;
        const current = Number(params.get('page') ?? 1);
        return [200, page([entry()], current, 120)];
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<AuditTab />);
    expect(await screen.findByText('Página 1 de 3 (120 registros)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 3 (120 registros)')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Ação'));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Redefiniu a senha de um usuário' }),
    );
    await userEvent.type(screen.getByLabelText('Equipe (e-mail ou id)'), '  ops@clinica.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Página 1 de 3 (120 registros)')).toBeInTheDocument();

    const last = fetchFn.calls.filter((call) => call.url.includes('audit-log')).at(-1)!.url;
    const params = new URL(last, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      page: '1',
      action: 'user.password.reset',
      actor: 'ops@clinica.test',
    });
  });

  it('names the support and visitor-list entries in pt-BR and offers them as filters', async () => {
    const ticketId = uuid();
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/audit-log': [
        200,
        page([
          entry({
            action: 'analytics.visitors.view',
            targetType: 'visitors',
            targetId: null,
            service: 'analytics',
            details: { rows: 20 },
          }),
          entry({
            action: 'support.tickets.search',
            targetType: 'support-tickets',
            targetId: null,
            service: 'support',
            details: { status: 'open', priority: null, category: null, page: 1, matches: 2 },
          }),
          entry({
            action: 'support.ticket.update',
            targetType: 'support-ticket',
            targetId: ticketId,
            service: 'support',
            details: { fields: 'status', status: 'resolved', previousStatus: 'open' },
          }),
          entry({
            action: 'support.ticket.view',
            targetType: 'support-ticket',
            targetId: ticketId,
            service: 'support',
          }),
          entry({ action: 'user.tickets.view', targetType: 'user', service: 'support' }),
        ]),
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<AuditTab />);
    const table = await screen.findByRole('table', { name: 'Registro de auditoria' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Viu a lista de visitantes (endereços IP)',
      'Buscou tickets de suporte por texto',
      'Alterou um ticket de suporte',
      'Abriu um ticket de suporte',
      'Viu os tickets de suporte de um usuário',
    ]);
    expect(rows[0]).toHaveTextContent('rows: 20');
    expect(rows[1]).toHaveTextContent('matches: 2');
    expect(rows[2]).toHaveTextContent('status: resolved');
    expect(rows[3]).toHaveTextContent(ticketId);

    await userEvent.click(screen.getByLabelText('Ação'));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Buscou tickets de suporte por texto' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(fetchFn.calls.at(-1)?.url).toBe(
        '/api/admin/audit-log?page=1&action=support.tickets.search',
      ),
    );
  });

  it('says so when nothing matches', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ ...asAdmin, 'GET /api/admin/audit-log': [200, page([])] }),
    );
    renderAt(<AuditTab />);
    expect(
      await screen.findByText('Nenhum acesso registrado com esses filtros.'),
    ).toBeInTheDocument();
  });
});
