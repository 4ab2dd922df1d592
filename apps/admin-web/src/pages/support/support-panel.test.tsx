import type { SupportTicket, TicketList } from '@pv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asAdmin, uuid } from '../../test/fixtures';
import { jsonResponses, renderAt } from '../../test/render';
import AdminSupportPage from './admin-support-page';
import SupportPanel from './support-panel';

function ticket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    id: uuid(),
    subject: 'Não consigo gerar PDF',
    description: 'Descrição curta',
    category: 'technical',
    priority: 'medium',
    status: 'open',
    contactEmail: 'paciente@example.com',
    contactName: null,
    userId: null,
    ipAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0 Teste',
    assignedTo: null,
    resolution: null,
    resolutionNotes: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

const longTicket = ticket({ subject: 'Texto longo', description: `${'a'.repeat(149)}bcdef` });
const stats = { total: 12, open: 5, resolved: 7, avgResolutionTime: 3.456 };
const list = (tickets: SupportTicket[], page = 1, totalCount = tickets.length): TicketList => ({
  tickets,
  stats,
  pagination: {
    totalCount,
    currentPage: page,
    totalPages: Math.ceil(totalCount / 50),
    hasPrev: page > 1,
    hasNext: page < Math.ceil(totalCount / 50),
  },
});

describe('Suporte', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the counters, average resolution in hours with one decimal, 150-char previews', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ ...asAdmin, 'GET /api/admin/support-tickets': [200, list([longTicket])] }),
    );
    renderAt(<SupportPanel />);
    expect(await screen.findByRole('group', { name: 'Total de tickets' })).toHaveTextContent('12');
    expect(screen.getByRole('group', { name: 'Abertos' })).toHaveTextContent('5');
    expect(screen.getByRole('group', { name: 'Resolvidos' })).toHaveTextContent('7');
    expect(screen.getByRole('group', { name: 'Tempo médio de resolução' })).toHaveTextContent(
      '3,5 h',
    );
    expect(screen.getByTestId('ticket-description')).toHaveTextContent(`${'a'.repeat(149)}b...`);
    expect(screen.getByTestId('ticket-description').textContent).not.toContain('bc');
  });

  it("sends the filters and shows 'Nenhum ticket encontrado com os filtros aplicados.'", async () => {
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/support-tickets': (call) =>
        call.url.includes('status=resolved') ? [200, list([])] : [200, list([ticket()])],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<SupportPanel />);
    await screen.findByText('Não consigo gerar PDF');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Resolvido' }));
    expect(
      await screen.findByText('Nenhum ticket encontrado com os filtros aplicados.'),
    ).toBeInTheDocument();
    expect(fetchFn.calls.map((c) => c.url)).toContain(
      '/api/admin/support-tickets?status=resolved&page=1&limit=50',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar tickets' }), 'pdf');
    await waitFor(() =>
      expect(fetchFn.calls.map((c) => c.url)).toContain(
        '/api/admin/support-tickets?status=resolved&search=pdf&page=1&limit=50',
      ),
    );
  });

  it('pages through a long queue on the server, and a new filter goes back to page 1', async () => {
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/support-tickets': (call) => {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        return [200, list([ticket({ subject: `Ticket da página ${page}` })], page, 620)];
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<SupportPanel />);
    await screen.findByText('Ticket da página 1');
    expect(screen.getByText('620 tickets')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Páginas de tickets' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Página 13' }));
    expect(await screen.findByText('Ticket da página 13')).toBeInTheDocument();
    expect(fetchFn.calls.map((c) => c.url)).toContain(
      '/api/admin/support-tickets?page=13&limit=50',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Aberto' }));
    expect(await screen.findByText('Ticket da página 1')).toBeInTheDocument();
    expect(fetchFn.calls.at(-1)?.url).toBe(
      '/api/admin/support-tickets?status=open&page=1&limit=50',
    );
  });

  it('changes status, priority, assignee and resolution in the detail dialog', async () => {
    const open = ticket();
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/support-tickets': [200, list([open])],
      [`PUT /api/admin/support-tickets/${open.id}`]: [200, { ...open, status: 'resolved' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<SupportPanel />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ver detalhes do ticket Não consigo gerar PDF' }),
    );
    const dialog = await screen.findByRole('dialog');
    // Anonymous tickets show the sender's address and browser to the admin.
    expect(dialog).toHaveTextContent('IP: 203.0.113.9');
    expect(dialog).toHaveTextContent('Mozilla/5.0 Teste');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Resolvido' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Prioridade' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Urgente' }));
    await userEvent.type(within(dialog).getByLabelText('Responsável'), 'Ana Admin');
    await userEvent.type(within(dialog).getByLabelText('Resolução'), 'PDF regerado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(fetchFn.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(fetchFn.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'resolved',
      priority: 'urgent',
      assignedTo: 'Ana Admin',
      resolution: 'PDF regerado',
    });
  });

  it('the dialog shows the whole message, fetched on opening (the list has a preview)', async () => {
    const whole = `${'a'.repeat(149)}bcdef e o restante da mensagem`;
    const listed = ticket({ subject: 'Texto longo', description: `${whole.slice(0, 150)}...` });
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/support-tickets': [200, list([listed])],
      [`GET /api/admin/support-tickets/${listed.id}/details`]: [
        200,
        { ...listed, description: whole },
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<SupportPanel />);
    expect(
      fetchFn.calls.some((c) => c.url.endsWith('/details')),
      'no ticket is fetched in full before one is opened',
    ).toBe(false);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ver detalhes do ticket Texto longo' }),
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId('ticket-message')).toHaveTextContent(
        'e o restante da mensagem',
      ),
    );
    expect(
      fetchFn.calls.filter((c) => c.url === `/api/admin/support-tickets/${listed.id}/details`),
    ).toHaveLength(1);
  });

  it("shows 'Erro ao atualizar ticket' with the server message, or 'Tente novamente'", async () => {
    const open = ticket();
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        ...asAdmin,
        'GET /api/admin/support-tickets': [200, list([open])],
        [`PUT /api/admin/support-tickets/${open.id}`]: [500, {}],
      }),
    );
    renderAt(<SupportPanel />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ver detalhes do ticket Não consigo gerar PDF' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Responsável'), 'Ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const shown = await screen.findByTestId('toast');
    expect(shown).toHaveTextContent('Erro ao atualizar ticket');
    expect(shown).toHaveTextContent('Tente novamente');
  });

  it('/admin/support is behind the same admin check', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ 'GET /auth/user': [401, { statusCode: 401, code: 'X', message: 'x' }] }),
    );
    renderAt(<AdminSupportPage />);
    expect(
      await screen.findByRole('heading', { name: 'Entrar no Painel Administrativo' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Gerenciamento de Suporte')).not.toBeInTheDocument();
  });
});
