import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { T } from '../messages';

/** Loading spinner or error alert while a query has no data; the content once it has. */
export function QueryState({
  isLoading,
  isError,
  children,
}: {
  isLoading: boolean;
  isError: boolean;
  children: ReactNode;
}) {
  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={T.loading} />
      </Box>
    );
  }
  if (isError) return <Alert severity="error">{T.loadError}</Alert>;
  return <>{children}</>;
}

/** The text of an empty list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
