import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NotFoundPage from '../pages/not-found/not-found-page';
import { jsonResponses } from '../test/render';
import { renderInLayout } from './testing';

afterEach(() => vi.unstubAllGlobals());

describe('404', () => {
  it('shows the not-found page inside the layout for any other path', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, {}] }));
    renderInLayout('/nao/existe', [{ path: '*', element: <NotFoundPage /> }]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao Início' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
