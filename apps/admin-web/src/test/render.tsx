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

export { type CannedResponse, jsonResponses, type RecordedCall } from '@pv/web-kit/testing';
