import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../providers';
import { type AppStore, makeStore } from '../store';
import { AppLayout } from './app-layout';

/** A signed-in user as GET /auth/user answers it; override what a test needs. */
export function userFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ana@clinica.test',
    firstName: 'Ana',
    lastName: 'Souza',
    fullName: 'Ana Maria Souza',
    profileImageUrl: null,
    isAdmin: false,
    isPremium: false,
    subscriptionStatus: null,
    userStatus: 'active',
    specialty: null,
    professionalRegistry: null,
    registryNumber: null,
    clinicPhone: null,
    clinicAddress: null,
    mustChangePassword: false,
    createdAt: '2026-01-15T12:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

/**
 * Renders the real AppLayout at `path` with stand-in pages (so shell tests never depend on the
 * workspace page) plus any `pages` a test adds.
 */
export function renderInLayout(
  path: string,
  pages: RouteObject[] = [],
  store: AppStore = makeStore(),
) {
  const router = createMemoryRouter(
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
    { initialEntries: [path] },
  );
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}
