import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponses } from '../test/render';
import { renderInLayout } from './testing';

afterEach(() => vi.unstubAllGlobals());

describe('page views', () => {
  it('POSTs /api/analytics/page-view with the path (no query string) on every route change', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [401, {}],
      'POST /api/analytics/page-view': [202, { recorded: true }],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { router } = renderInLayout('/?ref=email');
    await screen.findByRole('heading', { name: 'Página inicial' });
    await router.navigate('/user?tab=x');
    await screen.findByRole('heading', { name: 'Página Minha Área' });
    await waitFor(() =>
      expect(
        fetchFn.calls.filter((c) => c.url === '/api/analytics/page-view').map((c) => c.body),
      ).toEqual([
        { path: '/', app: 'workspace' },
        { path: '/user', app: 'workspace' },
      ]),
    );
  });

  it('never blocks or breaks the page when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [401, {}],
        'POST /api/analytics/page-view': [500, { message: 'falhou' }],
      }),
    );
    renderInLayout('/');
    expect(await screen.findByRole('heading', { name: 'Página inicial' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
