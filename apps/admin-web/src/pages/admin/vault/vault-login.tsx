import LockIcon from '@mui/icons-material/Lock';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useFailureToast, useToast } from '@pv/web-kit';
import { type FormEvent, useState } from 'react';
import { useVaultLoginMutation } from '../../../api/vault';
import { T } from '../../../messages';
import { vaultUnlocked } from '../../../state/vault-slice';
import { useAppDispatch } from '../../../store';

/** True for a failed call with no answer from the server (network down, CORS, DNS). */
function isCommunicationFailure(error: unknown): boolean {
  return (
    !!error &&
    typeof error === 'object' &&
    'status' in error &&
    (error as { status: unknown }).status === 'FETCH_ERROR'
  );
}

/** The key screen; an accepted key unlocks the vault for this tab of the browser. */
export function VaultLogin() {
  const [adminKey, setAdminKey] = useState('');
  const [login, { isLoading }] = useVaultLoginMutation();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const failed = useFailureToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (adminKey.trim() === '') return;
    try {
      await login({ adminKey }).unwrap();
      setAdminKey('');
      dispatch(vaultUnlocked());
    } catch (error) {
      if (isCommunicationFailure(error)) {
        toast({ title: 'Erro', description: T.vaultCommError, variant: 'destructive' });
      } else {
        failed(error, { title: T.vaultLoginError, fallback: T.vaultCommError });
      }
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 480, mx: 'auto' }}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={submit}
        aria-label="Desbloquear Transcript Vault"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LockIcon color="action" />
          <Typography component="h2" variant="h6">
            Transcript Vault bloqueado
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Informe a chave de administrador do Transcript Vault para acessar os registros
          pseudonimizados.
        </Typography>
        <TextField
          label="Chave de administrador"
          type="password"
          autoComplete="off"
          value={adminKey}
          onChange={(event) => setAdminKey(event.target.value)}
          required
        />
        <Button type="submit" variant="contained" disabled={isLoading || adminKey.trim() === ''}>
          Desbloquear
        </Button>
      </Stack>
    </Paper>
  );
}
