import type { AdminDashboard } from '@pv/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../format';
import { asAdmin, uuid } from '../../../test/fixtures';
import { jsonResponses, renderAt } from '../../../test/render';
import DashboardTab from './dashboard-tab';
import { currentMonth } from './month-usage';

const recent = (name: string, lastLoginAt: string | null) => ({
  id: uuid(),
  fullName: name,
  email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
  isAdmin: false,
  isPremium: false,
  userStatus: 'active' as const,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt,
});

const dashboard: AdminDashboard = {
  totalUsers: 1250,
  activeUsers: 1100,
  premiumUsers: 125,
  premiumPercentage: 10,
  month: '2026-11',
  aiRequestsThisMonth: 4321,
  aiCostUSDThisMonth: '12.345678',
  recentUsers: [
    recent('Carla Dias', '2026-11-21T13:45:00.000Z'),
    recent('Davi Lima', null),
    recent('Eva Rocha', null),
    recent('Fabio Reis', null),
    recent('Gina Alves', null),
  ],
};

describe('Dashboard tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows users, Premium share, AI use and cost with 4 decimals, and the 5 newest users', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ ...asAdmin, 'GET /api/admin/dashboard': [200, dashboard] }),
    );
    renderAt(<DashboardTab />);
    const total = await screen.findByRole('group', { name: 'Total de Usuários' });
    expect(total).toHaveTextContent('1.250');
    expect(total).toHaveTextContent('1.100 ativos');
    const premium = screen.getByRole('group', { name: 'Usuários Premium' });
    expect(premium).toHaveTextContent('125');
    expect(premium).toHaveTextContent('10,0% do total');
    expect(screen.getByRole('group', { name: 'Requisições de IA (mês)' })).toHaveTextContent(
      '4.321',
    );
    expect(screen.getByRole('group', { name: 'Custo estimado de IA (mês)' })).toHaveTextContent(
      'US$ 12.3457',
    );
    const list = screen.getByRole('list', { name: 'Usuários recentes' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent(
      `Último login: ${formatDateTime('2026-11-21T13:45:00.000Z')}`,
    );
    expect(rows[1]).toHaveTextContent('Último login: Nunca');
  });

  it('shows the month-level usage of every user, and another month on request', async () => {
    const row = (fullName: string, aiRequestCount: number) => ({
      userId: uuid(),
      month: 11,
      year: 2026,
      loginCount: 3,
      transcriptionCount: 7,
      pdfGenerationCount: 2,
      aiRequestCount,
      aiCostUSD: '0.1234',
      storageUsedMB: 0,
      email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
      fullName,
    });
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/dashboard': [200, dashboard],
      'GET /api/admin/usage-metrics': (call) =>
        call.url.endsWith('year=2026&month=10')
          ? [200, []]
          : [200, [row('Carla Dias', 40), row('Davi Lima', 12)]],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<DashboardTab />);
    const table = await screen.findByRole('table', { name: 'Uso por usuário no mês' });
    const [year, month] = currentMonth().split('-').map(Number);
    expect(fetchFn.calls.map((c) => c.url)).toContain(
      `/api/admin/usage-metrics?year=${year}&month=${month}`,
    );
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Carla Dias');
    expect(rows[1]).toHaveTextContent('carla@example.com');
    expect(rows[1]).toHaveTextContent('40');
    expect(rows[1]).toHaveTextContent('US$ 0.1234');
    fireEvent.change(screen.getByLabelText('Mês'), { target: { value: '2026-10' } });
    expect(await screen.findByText('Nenhuma métrica de uso encontrada')).toBeInTheDocument();
  });
});
