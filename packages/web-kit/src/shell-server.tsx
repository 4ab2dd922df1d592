/**
 * Renders an SPA route to HTML at build time (Node only: the `pv:prerender-shell` plugin of
 * ./build loads each app's `src/shell/prerender.tsx`, which calls this). Waits for the route's
 * lazy chunks, so the HTML is the page as it first paints, with emotion's styles inline.
 */
import type { Store } from '@reduxjs/toolkit';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';

export async function prerenderShell<S extends Store>(app: {
  routes: RouteObject[];
  store: S;
  Providers: ComponentType<{ store: S; children: ReactNode }>;
  pathname: string;
}): Promise<string> {
  const page = () => (
    <app.Providers store={app.store}>
      <RouterProvider router={createMemoryRouter(app.routes, { initialEntries: [app.pathname] })} />
    </app.Providers>
  );
  // The first pass loads the route's lazy chunks (and would stream them as out-of-order
  // segments with a script); the second renders them in place, as plain HTML.
  const { prelude } = await prerenderToNodeStream(page());
  for await (const _ of prelude);
  return renderToString(page());
}
