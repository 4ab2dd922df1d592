import { Box, CircularProgress } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { usePageViews } from './use-page-views';

/** Page around every console screen: lazy screens load inside, page views are counted. */
export function AdminLayout() {
  usePageViews();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
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
