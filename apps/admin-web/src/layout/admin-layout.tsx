import { Box, CircularProgress } from '@mui/material';
import { ShellRelease } from '@pv/web-kit';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../api/auth';
import { usePageViews } from './use-page-views';

/** Page around every console screen: lazy screens load inside, page views are counted. */
export function AdminLayout() {
  usePageViews();
  const { isLoading } = useGetCurrentUserQuery();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
        {/* The screen is drawn for who is (not) signed in: the pre-rendered sign-in goes. */}
        {!isLoading && <ShellRelease />}
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
