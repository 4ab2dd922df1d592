import { Box, CircularProgress } from '@mui/material';
import { ShellRelease } from '@pv/web-kit';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useConsoleShown, useStaffViewCookie } from '../shell/staff-view';
import { usePageViews } from './use-page-views';

/** Page around every console screen: lazy screens load inside, page views are counted. */
export function AdminLayout() {
  usePageViews();
  const consoleShown = useConsoleShown();
  useStaffViewCookie(consoleShown);
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
        {/* The screen is drawn for who is (not) signed in: the pre-rendered sign-in, or the
            console's header and tabs, go. For an administrator, only once the second factor's
            state is known: before, the console draws a spinner where the copy has its page. */}
        {consoleShown !== undefined && <ShellRelease />}
      </Suspense>
    </Box>
  );
}

export function PageLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label="Carregando" />
    </Box>
  );
}
