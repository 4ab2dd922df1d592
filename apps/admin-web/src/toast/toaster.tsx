import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { toastDismissed } from '@pv/web-kit';
import { useAppDispatch, useAppSelector } from '../store';

const TOAST_DURATION_MS = 5_000;

/** Renders the current toast; destructive toasts are announced assertively (role="alert"). */
export function Toaster() {
  const toast = useAppSelector((state) => state.toast.current);
  const dispatch = useAppDispatch();
  if (!toast) return null;
  const severity =
    toast.variant === 'destructive' ? 'error' : toast.variant === 'success' ? 'success' : 'info';
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={TOAST_DURATION_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dispatch(toastDismissed(toast.id));
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        severity={severity}
        variant="filled"
        role={toast.variant === 'destructive' ? 'alert' : 'status'}
        data-testid="toast"
        onClose={() => dispatch(toastDismissed(toast.id))}
        sx={{ minWidth: 300 }}
      >
        <AlertTitle>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
