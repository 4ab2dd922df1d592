import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { STRONG_PASSWORD_PATTERN } from '@pv/contracts/constants';
import { useFailureToast, useFormFields, useToast } from '@pv/web-kit';
import { type FormEvent, useId, useState } from 'react';
import { useChangePasswordMutation } from '../../api/auth';
import { T } from '../../messages';
import { useSignOut } from './use-sign-out';

const STRONG_PASSWORD = new RegExp(STRONG_PASSWORD_PATTERN);

/**
 * Spec 2 §2 / §4 on the admin host: an admin whose password was reset chooses a new one before
 * the console opens. The dialog cannot be dismissed; the ways out are a successful
 * POST /auth/change-password (the current user is refetched and the console shows) or 'Sair'.
 */
export function ForcedPasswordChange() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const signOut = useSignOut();
  const titleId = useId();
  const { values, bind } = useFormFields({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { currentPassword, newPassword, confirmPassword } = values;
    if (currentPassword === '') return setFieldError(T.currentPasswordRequired);
    if (!STRONG_PASSWORD.test(newPassword)) {
      setFieldError(T.passwordPolicy);
      toast({
        title: T.invalidPasswordTitle,
        description: T.passwordPolicy,
        variant: 'destructive',
      });
      return;
    }
    if (newPassword !== confirmPassword) {
      setFieldError(T.passwordsDoNotMatch);
      toast({ title: T.mismatchTitle, description: T.mismatchDescription, variant: 'destructive' });
      return;
    }
    setFieldError(null);
    const result = await changePassword({ currentPassword, newPassword, confirmPassword });
    if ('error' in result && result.error) {
      failed(result.error, { title: T.changeErrorTitle, fallback: T.changeErrorTitle });
      return;
    }
    toast({ title: T.changeSuccess, variant: 'success' });
  };

  return (
    <Dialog open aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{T.changeTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{T.changeDefaultText}</DialogContentText>
          <Stack spacing={2}>
            <TextField
              label={T.currentPassword}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              {...bind('currentPassword')}
            />
            <TextField
              label={T.newPassword}
              type="password"
              autoComplete="new-password"
              required
              fullWidth
              helperText={T.passwordPolicy}
              {...bind('newPassword')}
            />
            <TextField
              label={T.confirmNewPassword}
              type="password"
              autoComplete="new-password"
              required
              fullWidth
              {...bind('confirmPassword')}
            />
            {fieldError && <Alert severity="error">{fieldError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void signOut()} color="inherit">
            {T.signOut}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {T.changeButton}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
