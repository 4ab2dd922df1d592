import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AdminLayout } from './layout/admin-layout';

const AdminPage = lazy(() => import('./pages/admin/admin-page'));
const AdminSupportPage = lazy(() => import('./pages/support/admin-support-page'));
const NotFoundPage = lazy(() => import('./pages/not-found/not-found-page'));

/** /admin and /admin/support (paths relative to the /admin basename). */
export const routes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { path: '/', element: <AdminPage /> },
      { path: '/support', element: <AdminSupportPage /> },
      // An unknown console path says so (a redirect would hide a wrong link).
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
