import type { Store } from '@reduxjs/toolkit';
import { type ComponentType, type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { releaseShell } from './shell.js';

/** A pre-rendered page the SPA never replaced (it failed to draw its own) goes after this. */
const SHELL_TIMEOUT_MS = 20_000;

/**
 * Starts an SPA in `#root`: a browser router over `routes` (under `basename`, where the gateway
 * serves the build below a path) inside the app's providers.
 * @example mountSpa({ routes, store: makeStore(), Providers: AppProviders, basename: '/admin' });
 */
export function mountSpa<S extends Store>(app: {
  routes: RouteObject[];
  store: S;
  Providers: ComponentType<{ store: S; children: ReactNode }>;
  basename?: string;
}) {
  const router = createBrowserRouter(
    app.routes,
    app.basename ? { basename: app.basename } : undefined,
  );
  const root = createRoot(document.getElementById('root')!);
  // A transition, so React renders the first tree in slices of a few milliseconds and a phone's
  // main thread stays free for input between them (Total Blocking Time); the page the visitor
  // sees meanwhile is the pre-rendered copy or the empty root.
  startTransition(() => {
    root.render(
      <StrictMode>
        <app.Providers store={app.store}>
          <RouterProvider router={router} />
        </app.Providers>
      </StrictMode>,
    );
  });
  setTimeout(releaseShell, SHELL_TIMEOUT_MS);
}
