import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';
import { routes } from './routes';
import { makeStore } from './store';
import { asAdmin, emptyPagination } from './test/fixtures';
import { jsonResponses } from './test/render';

function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], basename: '/admin' });
  render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('console routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/admin/support shows the support screen and counts an admin page view', async () => {
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/support-tickets': [
        200,
        {
          tickets: [],
          stats: { total: 0, open: 0, resolved: 0, avgResolutionTime: 0 },
          pagination: emptyPagination,
        },
      ],
      'POST /api/analytics/page-view': [202, { recorded: true }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderRoute('/admin/support');
    expect(await screen.findByText('Gerenciamento de Suporte')).toBeInTheDocument();
    expect(
      await screen.findByText('Nenhum ticket encontrado com os filtros aplicados.'),
    ).toBeInTheDocument();
    const view = fetchFn.calls.find((c) => c.url === '/api/analytics/page-view');
    expect(view?.body).toEqual({ path: '/admin/support', app: 'admin' });
  });

  it('counts a page view per tab, with the tab in the path', async () => {
    const fetchFn = jsonResponses({
      ...asAdmin,
      'POST /api/analytics/page-view': [202, { recorded: true }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderRoute('/admin?tab=termos');
    await waitFor(() =>
      expect(
        fetchFn.calls.filter((c) => c.url === '/api/analytics/page-view').map((c) => c.body),
      ).toContainEqual({ path: '/admin?tab=termos', app: 'admin' }),
    );
  });

  it('shows a 404 page for an unknown console path, without redirecting', async () => {
    vi.stubGlobal('fetch', jsonResponses({ ...asAdmin }));
    const router = renderRoute('/admin/nao-existe');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/nao-existe');
    expect(screen.getByRole('link', { name: 'Ir para o Painel Administrativo' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });
});
