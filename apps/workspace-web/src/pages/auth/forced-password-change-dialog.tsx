import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useFailureToast, useFormFields, useToast } from '@pv/web-kit';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi, useChangePasswordMutation } from '../../api/auth';
import { useLogout } from '../../layout/use-logout';
import { useAppDispatch } from '../../store';
import { AuthStrings, REDIRECT_DELAY_MS, STRONG_PASSWORD } from '../../strings/auth';
import { PasswordField } from './auth-form';

/**
 * Spec 2 §2 / §4: after an admin reset the user must choose a new password before anything else.
 * The dialog cannot be closed (no backdrop or Escape close); the only ways out are a successful
 * POST /auth/change-password (then / after about 1 s) or 'Sair'.
 */
export default function ForcedPasswordChangeDialog({ message }: { message?: string | undefined }) {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const logout = useLogout();
  const titleId = useId();
  const { values, bind } = useFormFields({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { currentPassword, newPassword, confirmPassword } = values;
    if (currentPassword === '') {
      setFieldError(AuthStrings.currentPasswordRequired);
      return;
    }
    if (!STRONG_PASSWORD.test(newPassword)) {
      setFieldError(AuthStrings.passwordPolicy);
      toast({
        title: AuthStrings.invalidPasswordTitle,
        description: AuthStrings.passwordPolicy,
        variant: 'destructive',
      });
      return;
    }
    if (newPassword !== confirmPassword) {
      setFieldError(AuthStrings.passwordsDoNotMatch);
      toast({
        title: AuthStrings.mismatchTitle,
        description: AuthStrings.mismatchText,
        variant: 'destructive',
      });
      return;
    }
    setFieldError(null);
    const result = await changePassword({ currentPassword, newPassword, confirmPassword });
    if ('error' in result && result.error) {
      failed(result.error, {
        title: AuthStrings.changeErrorTitle,
        fallback: AuthStrings.changeErrorTitle,
      });
      return;
    }
    setDone(true);
    toast({ title: AuthStrings.changeSuccessTitle, variant: 'success' });
    // The current user is refetched only when leaving: refetching at once would close this
    // dialog (and cancel the redirect) before the spec's ~1 s pause.
    redirect.current = setTimeout(() => {
      dispatch(authApi.util.invalidateTags(['CurrentUser']));
      navigate('/', { replace: true });
    }, REDIRECT_DELAY_MS);
  };

  return (
    <Dialog open aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{AuthStrings.changeTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {message || AuthStrings.changeDefaultText}
          </DialogContentText>
          <Stack spacing={2}>
            <PasswordField
              label={AuthStrings.currentPassword}
              autoComplete="current-password"
              {...bind('currentPassword')}
            />
            <PasswordField
              label={AuthStrings.newPassword}
              autoComplete="new-password"
              {...bind('newPassword')}
              helperText={AuthStrings.passwordPolicy}
            />
            <PasswordField
              label={AuthStrings.confirmNewPassword}
              autoComplete="new-password"
              {...bind('confirmPassword')}
            />
            {fieldError && <Alert severity="error">{fieldError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void logout()} color="inherit">
            {AuthStrings.logout}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading || done}>
            {AuthStrings.changeButton}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
