import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminLayout } from './layout/admin-layout';

const AdminPage = lazy(() => import('./pages/admin/admin-page'));
const AdminSupportPage = lazy(() => import('./pages/support/admin-support-page'));

/** Spec 2 §2: /admin and /admin/support (paths relative to the /admin basename). */
export const routes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { path: '/', element: <AdminPage /> },
      { path: '/support', element: <AdminSupportPage /> },
      // Unknown console paths land on the console itself.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
