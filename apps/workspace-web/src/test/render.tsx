import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../providers';
import { type AppStore, makeStore } from '../store';

/**
 * Renders `ui` at `path` inside the app's providers and a memory router.
 * Network calls go through `fetch`: stub it per test with `vi.stubGlobal('fetch', ...)` or
 * the `jsonResponses` helper, since component tests have no server.
 */
export function renderAt(ui: ReactElement, options: { path?: string; store?: AppStore } = {}) {
  const store = options.store ?? makeStore();
  const path = options.path ?? '/';
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}

/**
 * A `fetch` that answers by "METHOD path" (or path) with JSON, 404 otherwise; records the calls.
 * @example vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, { message: 'x' }] }))
 */
export function jsonResponses(table: Record<string, [number, unknown]>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const text = await request.text();
    calls.push({
      method: request.method,
      url: url.pathname + url.search,
      body: text ? JSON.parse(text) : undefined,
    });
    const hit = table[`${request.method} ${url.pathname}`] ?? table[url.pathname];
    const [status, body] = hit ?? [
      404,
      { statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado' },
    ];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return Object.assign(fetchFn, { calls });
}
