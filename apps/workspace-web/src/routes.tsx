import { EMAIL_CONFIRM_PATH } from '@pv/contracts/constants';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';

// Every screen is its own chunk, so `/` loads only the workspace (initial JS budget: 300 KB gzip).
const WorkspacePage = lazy(() => import('./pages/workspace/workspace-page'));
const AuthPage = lazy(() => import('./pages/auth/auth-page'));
const LoginPage = lazy(() => import('./pages/auth/login-page'));
const RegisterPage = lazy(() => import('./pages/auth/register-page'));
const ConfirmEmailPage = lazy(() => import('./pages/auth/confirm-email-page'));
const UserAreaPage = lazy(() => import('./pages/user/user-area-page'));
const SubscribePage = lazy(() => import('./pages/subscribe/subscribe-page'));
const SubscribeSuccessPage = lazy(() => import('./pages/subscribe/subscribe-success-page'));
const SupportPage = lazy(() => import('./pages/support/support-page'));
const NotFoundPage = lazy(() => import('./pages/not-found/not-found-page'));

/** The workspace SPA's routes. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <WorkspacePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth/login', element: <LoginPage /> },
      { path: '/auth/register', element: <RegisterPage /> },
      { path: EMAIL_CONFIRM_PATH, element: <ConfirmEmailPage /> },
      // Both show 'Minha Área'; /profile opens on the Templates tab.
      { path: '/user', element: <UserAreaPage initialTab="dashboard" /> },
      { path: '/profile', element: <UserAreaPage initialTab="templates" /> },
      { path: '/subscribe', element: <SubscribePage /> },
      { path: '/subscribe-success', element: <SubscribeSuccessPage /> },
      { path: '/support', element: <SupportPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
