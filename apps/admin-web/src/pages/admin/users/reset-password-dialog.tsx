import { Alert, Stack, TextField } from '@mui/material';
import type { AdminUser } from '@pv/contracts';
import { STRONG_PASSWORD_PATTERN } from '@pv/contracts/constants';
import { useFailureToast, useToast } from '@pv/web-kit';
import { useState } from 'react';
import { useResetPasswordMutation } from '../../../api/users';
import { FormDialog } from '../../../components/form-dialog';
import { T } from '../../../messages';

const STRONG_PASSWORD = new RegExp(STRONG_PASSWORD_PATTERN);

/** 8+ characters with letters, numbers and symbols. */
export function isStrongPassword(password: string): boolean {
  return STRONG_PASSWORD.test(password);
}

/**
 * An admin sets a new password; the user must change it at the next login.
 */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const [resetPassword, resetting] = useResetPasswordMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const weak = password !== '' && !isStrongPassword(password);
  const mismatch = confirmation !== '' && confirmation !== password;

  const submit = async () => {
    if (!isStrongPassword(password)) {
      toast({
        title: T.invalidPasswordTitle,
        description: T.passwordPolicy,
        variant: 'destructive',
      });
      return;
    }
    if (password !== confirmation) {
      toast({
        title: T.mismatchTitle,
        description: T.mismatchDescription,
        variant: 'destructive',
      });
      return;
    }
    try {
      await resetPassword({
        userId: user.id,
        newPassword: password,
        confirmPassword: confirmation,
        forcePasswordChange: true,
      }).unwrap();
      toast({ title: T.resetPasswordSuccess, variant: 'success' });
      setDone(true);
    } catch (error) {
      failed(error, { title: 'Erro ao redefinir senha', fallback: 'Tente novamente' });
    }
  };

  return (
    <FormDialog
      title={`Redefinir senha de ${user.fullName || user.email}`}
      maxWidth="xs"
      onClose={onClose}
      closeLabel={done ? T.close : T.cancel}
      {...(done
        ? {}
        : {
            submit: {
              label: 'Redefinir senha',
              onClick: submit,
              disabled: resetting.isLoading || password === '',
            },
          })}
    >
      {done ? (
        <Alert severity="success" role="status">
          {T.resetPasswordSuccess}
        </Alert>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={weak}
            helperText={T.passwordPolicy}
          />
          <TextField
            label="Confirmar nova senha"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={mismatch}
            helperText={mismatch ? T.passwordsDoNotMatch : ' '}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
