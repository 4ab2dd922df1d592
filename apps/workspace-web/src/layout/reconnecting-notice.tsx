import { Box, CircularProgress, Typography } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { reconnecting } from '../api/retries';
import { ShellStrings } from '../strings/shell';

/**
 * A quiet "Reconectando…" at the bottom of the screen while a call waits to be retried (a
 * restart, a store failing over; api/retries.ts): the clinician sees the app is on it, not an
 * error. It goes away by itself when the call gets through; only a failure past the retries
 * becomes a toast.
 */
export function ReconnectingNotice() {
  const shown = useSyncExternalStore(reconnecting.subscribe, reconnecting.now, () => false);
  if (!shown) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        borderRadius: 2,
        bgcolor: 'background.paper',
        boxShadow: 2,
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <CircularProgress size={14} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {ShellStrings.reconnecting}
      </Typography>
    </Box>
  );
}
