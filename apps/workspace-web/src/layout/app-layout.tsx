import { Box, CircularProgress, Container } from '@mui/material';
import { ShellRelease } from '@pv/web-kit';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useViewer } from '../api/auth';
import { NoticeCard } from '../promotions/notice-card';
import { Promotions } from '../promotions/promotions';
import { useMemberViewCookie } from '../shell/member-view';
import { ShellStrings } from '../strings/shell';
import { Toaster } from '../toast/toaster';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { EmailPendingBanner } from './email-pending-banner';
import { ReconnectingNotice } from './reconnecting-notice';
import { usePageDataPrefetch } from './use-page-data-prefetch';
import { usePageViews } from './use-page-views';

// Rarely needed: loaded only when a user must change the password.
const ForcedPasswordChangeDialog = lazy(
  () => import('../pages/auth/forced-password-change-dialog'),
);

/** Header, page, footer, toaster and promotions around every screen (issue 7). */
export function AppLayout() {
  usePageViews();
  useMemberViewCookie();
  usePageDataPrefetch();
  const viewer = useViewer();
  const { pathname } = useLocation();
  const mustChangePassword = viewer.kind === 'user' && viewer.user.mustChangePassword;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader />
      <Box component="main" sx={{ flex: 1 }}>
        {viewer.kind === 'loading' ? (
          // What sits above a page depends on who is visiting (the workspace's notice card, the
          // e-mail banner of an unconfirmed account); drawn after the page, it pushed the page
          // down (a CLS of 0.98 on the workspace, 0.26 on Minha Área). Every page waits for the
          // answer instead (the SPA asks it before its first render: boot.ts).
          <PageLoading />
        ) : (
          <>
            <EmailPendingBanner />
            {pathname === '/' && (
              <Container maxWidth="xl" sx={{ pt: 2 }}>
                <NoticeCard />
              </Container>
            )}
            <Suspense fallback={<PageLoading />}>
              <Outlet />
              {/* The page is drawn: the copy pre-rendered into the HTML for a visitor goes. */}
              <ShellRelease />
            </Suspense>
          </>
        )}
      </Box>
      <AppFooter />
      <Promotions />
      <Toaster />
      <ReconnectingNotice />
      {mustChangePassword && (
        <Suspense fallback={null}>
          <ForcedPasswordChangeDialog />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * The spinner while a page's code or its visitor loads (`inline`: a part of a page). It is a screen tall so the footer
 * starts below the fold: the page replacing it then moves nothing the visitor saw (layout shift).
 */
export function PageLoading({ inline = false }: { inline?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8, minHeight: inline ? 0 : '100vh' }}>
      <CircularProgress aria-label={ShellStrings.loading} />
    </Box>
  );
}
