import type { Store } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';

export interface RenderOptions<S extends Store> {
  /** The URL the memory router starts at; `/` unless given. */
  path?: string;
  /** A store the test prepared; a fresh one of the app unless given. */
  store?: S;
}

/**
 * An app's render helpers for component tests, bound to its store factory and providers.
 * Network calls go through `fetch`: stub it per test with `vi.stubGlobal('fetch', ...)` or
 * `jsonResponses`, since component tests have no server.
 * @example export const { renderAt, renderRoutes } = createRenderers({ makeStore, Providers: AppProviders });
 */
export function createRenderers<S extends Store>(app: {
  makeStore: () => S;
  Providers: ComponentType<{ store: S; children: ReactNode }>;
}) {
  /** Renders `routes` in a memory router at `path`, inside the app's providers. */
  function renderRoutes(routes: RouteObject[], options: RenderOptions<S> = {}) {
    const store = options.store ?? app.makeStore();
    const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
    const result = render(
      <app.Providers store={store}>
        <RouterProvider router={router} />
      </app.Providers>,
    );
    return { ...result, store, router };
  }

  /** Renders `ui` at `path` (a route that matches every path) inside the app's providers. */
  function renderAt(ui: ReactElement, options: RenderOptions<S> = {}) {
    return renderRoutes([{ path: '*', element: ui }], options);
  }

  return { renderAt, renderRoutes };
}
