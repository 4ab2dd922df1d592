import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { routes } from '../routes';
import { makeStore } from '../store';
import { adminUser, asAdmin, noUsers } from '../test/fixtures';
import { jsonResponses } from '../test/render';

// The console writes `pv_view=staff` (path /admin) for a session that gets the console, so the
// gateway answers its next navigation with the pre-rendered header and tabs; for anybody else it
// forgets it (docs/performance.md "Signed-in pages paint from the HTML").
const viewCookie = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith('pv_view='))
    ?.slice('pv_view='.length);

function renderConsole(path = '/admin') {
  const router = createMemoryRouter(routes, { initialEntries: [path], basename: '/admin' });
  return render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => {
  // The cookie's path: document.cookie shows it only on a console page.
  window.history.replaceState(null, '', '/admin');
});
afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing what the test's console wrote.
  document.cookie = 'pv_view=; path=/admin; max-age=0';
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the console view cookie', () => {
  it('is written for an administrator past the second factor', async () => {
    vi.stubGlobal('fetch', jsonResponses({ ...asAdmin, ...noUsers }));
    renderConsole('/admin?tab=usuarios');
    await screen.findByTestId('admin-name');
    await waitFor(() => expect(viewCookie()).toBe('staff'));
  });

  it('is forgotten while the second factor is still to be typed, and for a visitor', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie an earlier visit left.
    document.cookie = 'pv_view=staff; path=/admin';
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        'GET /auth/user': [200, adminUser],
        'GET /auth/mfa': [200, { secondFactor: 'required' }],
      }),
    );
    const first = renderConsole();
    await waitFor(() => expect(viewCookie()).toBeUndefined());
    first.unmount();

    // biome-ignore lint/suspicious/noDocumentCookie: a cookie an earlier visit left.
    document.cookie = 'pv_view=staff; path=/admin';
    vi.stubGlobal(
      'fetch',
      jsonResponses({ 'GET /auth/user': [401, { statusCode: 401, message: 'x' }] }),
    );
    renderConsole();
    await screen.findByRole('heading', { name: 'Entrar no Painel Administrativo' });
    await waitFor(() => expect(viewCookie()).toBeUndefined());
  });
});
