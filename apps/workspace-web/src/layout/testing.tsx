import { currentUserFixture } from '@pv/web-kit/testing';
import type { RouteObject } from 'react-router-dom';
import type { AppStore } from '../store';
import { renderRoutes } from '../test/render';
import { AppLayout } from './app-layout';

/** A signed-in user as GET /auth/user answers it; override what a test needs. */
export function userFixture(overrides: Record<string, unknown> = {}) {
  return {
    ...currentUserFixture({ fullName: 'Ana Maria Souza', createdAt: '2026-01-15T12:00:00.000Z' }),
    ...overrides,
  };
}

/**
 * Renders the real AppLayout at `path` with stand-in pages (so shell tests never depend on the
 * workspace page) plus any `pages` a test adds.
 */
export function renderInLayout(path: string, pages: RouteObject[] = [], store?: AppStore) {
  return renderRoutes(
    [
      {
        element: <AppLayout />,
        children: [
          ...pages,
          { path: '/', element: <h1>Página inicial</h1> },
          { path: '/user', element: <h1>Página Minha Área</h1> },
          { path: '/auth', element: <h1>Página de login</h1> },
        ],
      },
    ],
    { path, store },
  );
}
