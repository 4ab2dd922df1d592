import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { CurrentUser } from '@pv/contracts';
import { EmailMessages } from '@pv/contracts/constants';
import { useToast } from '@pv/web-kit';
import { type FormEvent, useState } from 'react';
import { useChangeEmailMutation } from '../../api/auth';
import { failureText } from '../../api/http';

/**
 * Minha Área's e-mail (issue 23 item 1): whether it is confirmed, a change waiting for its link,
 * and the change itself (the link goes to the new address; the current one stays until then).
 */
export function EmailSection({ user }: { user: CurrentUser }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [change, { isLoading }] = useChangeEmailMutation();
  const toast = useToast();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await change({ email: email.trim() });
    if ('error' in result && result.error) {
      setProblem(failureText(result.error));
      return;
    }
    setProblem(null);
    setEmail('');
    toast({ title: result.data.message, variant: 'success' });
  };
  return (
    <Card sx={{ mt: 3 }} data-testid="account-email">
      <CardContent>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
          E-mail
        </Typography>
        <Stack spacing={2}>
          <Typography>
            {user.email} {user.emailVerified ? '(confirmado)' : '(não confirmado)'}
          </Typography>
          {user.pendingEmail && (
            <Alert severity="info">{EmailMessages.pendingChange(user.pendingEmail)}</Alert>
          )}
          <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 2 }}>
            <TextField
              type="email"
              label="Novo e-mail"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              size="small"
              required
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined" disabled={isLoading || !email.trim()}>
              Trocar e-mail
            </Button>
          </Box>
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </CardContent>
    </Card>
  );
}
