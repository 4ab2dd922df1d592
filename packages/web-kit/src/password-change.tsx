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
import { Messages, STRONG_PASSWORD_PATTERN } from '@pv/contracts/constants';
import { type FormEvent, useId, useState } from 'react';
import { useFormFields } from './form.js';
import { useFailureToast, useToast } from './toast.js';

const STRONG_PASSWORD = new RegExp(STRONG_PASSWORD_PATTERN);

/** The forced password change's texts, the same in the workspace and the console. */
export const PasswordChangeText = {
  title: Messages.passwordChangeRequiredTitle,
  defaultText: Messages.mustChangePassword,
  currentPassword: 'Senha atual',
  newPassword: 'Nova senha',
  confirmNewPassword: 'Confirmar nova senha',
  button: 'Alterar senha',
  signOut: 'Sair',
  currentPasswordRequired: 'Informe a senha atual.',
  passwordPolicy: Messages.passwordPolicy,
  invalidPasswordTitle: 'Senha inválida',
  passwordsDoNotMatch: Messages.passwordsDoNotMatch,
  mismatchTitle: 'Senhas não coincidem',
  mismatchText: 'A nova senha e a confirmação devem ser iguais',
  errorTitle: 'Erro ao alterar senha',
  success: Messages.passwordChanged,
} as const;

export interface PasswordChangeBody {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ForcedPasswordChangeProps {
  /** The server's reason, when it gave one; else the spec's default text. */
  message?: string | undefined;
  /** Why the change comes first and what the account can do meanwhile (the workspace says it). */
  reason?: string | undefined;
  /** POST /auth/change-password through the app's API slice; an `error` is shown as a toast. */
  changePassword: (body: PasswordChangeBody) => Promise<{ error?: unknown }>;
  busy: boolean;
  /** After the success toast: the app refetches the user (and may redirect). */
  onChanged?: () => void;
  onSignOut: () => void;
}

/**
 * A user whose password an admin reset chooses a new one before anything else,
 * in the workspace and on the admin host alike. The dialog cannot be dismissed (no backdrop or
 * Escape close); the ways out are a successful change or 'Sair'. The password rule is checked
 * here with the contracts' pattern, the same one auth enforces.
 */
export function ForcedPasswordChangeDialog(props: ForcedPasswordChangeProps) {
  const { message, reason, changePassword, busy, onChanged, onSignOut } = props;
  const toast = useToast();
  const failed = useFailureToast();
  const titleId = useId();
  const { values, bind } = useFormFields<PasswordChangeBody>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const refuse = (error: string, title?: string, description?: string) => {
    setFieldError(error);
    if (title) toast({ title, description, variant: 'destructive' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { currentPassword, newPassword, confirmPassword } = values;
    if (currentPassword === '') return refuse(PasswordChangeText.currentPasswordRequired);
    if (!STRONG_PASSWORD.test(newPassword))
      return refuse(
        PasswordChangeText.passwordPolicy,
        PasswordChangeText.invalidPasswordTitle,
        PasswordChangeText.passwordPolicy,
      );
    if (newPassword !== confirmPassword)
      return refuse(
        PasswordChangeText.passwordsDoNotMatch,
        PasswordChangeText.mismatchTitle,
        PasswordChangeText.mismatchText,
      );
    setFieldError(null);
    const result = await changePassword(values);
    if (result.error) {
      failed(result.error, {
        title: PasswordChangeText.errorTitle,
        fallback: PasswordChangeText.errorTitle,
      });
      return;
    }
    setDone(true);
    toast({ title: PasswordChangeText.success, variant: 'success' });
    onChanged?.();
  };

  const field = (
    name: keyof PasswordChangeBody,
    label: string,
    autoComplete: 'current-password' | 'new-password',
    helperText?: string,
  ) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      fullWidth
      {...(helperText ? { helperText } : {})}
      {...bind(name)}
    />
  );

  return (
    <Dialog open aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{PasswordChangeText.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {message || PasswordChangeText.defaultText}
          </DialogContentText>
          {reason && <DialogContentText sx={{ mb: 2 }}>{reason}</DialogContentText>}
          <Stack spacing={2}>
            {field('currentPassword', PasswordChangeText.currentPassword, 'current-password')}
            {field(
              'newPassword',
              PasswordChangeText.newPassword,
              'new-password',
              PasswordChangeText.passwordPolicy,
            )}
            {field('confirmPassword', PasswordChangeText.confirmNewPassword, 'new-password')}
            {fieldError && <Alert severity="error">{fieldError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onSignOut} color="inherit">
            {PasswordChangeText.signOut}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || done}>
            {PasswordChangeText.button}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
