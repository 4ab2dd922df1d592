import type { SiteAnalytics, VisitorTracking } from '@pv/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asAdmin, uuid } from '../../../test/fixtures';
import { jsonResponses, renderAt } from '../../../test/render';
import AnalyticsTab from './analytics-tab';

function site(days: number): SiteAnalytics {
  const analytics = Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 22 - (days - 1 - i))).toISOString().slice(0, 10);
    return { date, uniqueVisitors: i + 1, totalPageViews: (i + 1) * 3 };
  });
  return {
    period: { days, from: analytics[0]!.date, to: analytics.at(-1)!.date },
    summary: {
      totalVisitors: 465,
      totalPageViews: 1395,
      totalAiRequests: 80,
      totalAiTokensUsed: 123456,
      avgDailyVisitors: 15.5,
      avgDailyPageViews: 46.5,
    },
    todayAnalytics: {
      uniqueVisitors: 30,
      totalPageViews: 90,
      totalAiRequests: 4,
      totalAiTokensUsed: 2048,
    },
    analytics,
  };
}

const visitors: VisitorTracking = {
  todayCount: 42,
  uniqueIpsToday: 17,
  totalLast7Days: 300,
  visitors: Array.from({ length: 25 }, (_, i) => ({
    date: '2026-11-22T12:00:00.000Z',
    ipAddress: `10.0.0.${i + 1}`,
    userAgent: 'Mozilla/5.0 Test',
    userId: i === 0 ? uuid() : null,
  })),
};

describe('Analytics tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for 30 days by default and switches to 7 and 90', async () => {
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/site-analytics': (call) => [
        200,
        site(Number(new URL(call.url, 'http://x').searchParams.get('days'))),
      ],
      'GET /api/admin/visitor-tracking': [200, visitors],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<AnalyticsTab />);
    expect(await screen.findByText('Resumo do período (30 dias)')).toBeInTheDocument();
    expect(fetchFn.calls.map((c) => c.url)).toContain('/api/admin/site-analytics?days=30');
    await userEvent.click(screen.getByRole('button', { name: '7 dias' }));
    expect(await screen.findByText('Resumo do período (7 dias)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '90 dias' }));
    expect(await screen.findByText('Resumo do período (90 dias)')).toBeInTheDocument();
    expect(fetchFn.calls.map((c) => c.url)).toContain('/api/admin/site-analytics?days=90');
  });

  it("shows each figure with today's, daily averages, the last 7 days and 20 visitors", async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        ...asAdmin,
        'GET /api/admin/site-analytics': [200, site(30)],
        'GET /api/admin/visitor-tracking': [200, visitors],
      }),
    );
    renderAt(<AnalyticsTab />);
    const visitorsCard = await screen.findByRole('group', { name: 'Visitantes Únicos' });
    expect(visitorsCard).toHaveTextContent('465');
    expect(visitorsCard).toHaveTextContent('Hoje: 30');
    expect(screen.getByRole('group', { name: 'Tokens de IA' })).toHaveTextContent('123.456');
    expect(screen.getByRole('group', { name: 'Tokens de IA' })).toHaveTextContent('Hoje: 2.048');
    expect(screen.getByText('Média diária de visitantes: 15,5')).toBeInTheDocument();
    const lastDays = within(screen.getByRole('table', { name: 'Últimos 7 dias' }));
    const dayRows = lastDays.getAllByRole('row').slice(1);
    expect(dayRows).toHaveLength(7);
    expect(dayRows[0]).toHaveTextContent('22/11/2026');
    expect(await screen.findByRole('group', { name: 'Visitantes hoje' })).toHaveTextContent('42');
    expect(screen.getByRole('group', { name: 'IPs únicos hoje' })).toHaveTextContent('17');
    expect(screen.getByRole('group', { name: 'Total (últimos 7 dias)' })).toHaveTextContent('300');
    const table = within(screen.getByRole('table', { name: 'Visitantes recentes' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toHaveTextContent('Auth');
    expect(rows[1]).toHaveTextContent('Anônimo');
    expect(rows[1]).toHaveTextContent('10.0.0.2');
  });
});
