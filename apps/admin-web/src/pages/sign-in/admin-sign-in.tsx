import {
  Alert,
  Button,
  Card,
  CardContent,
  Container,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { errorMessage, useFormFields, useToast } from '@pv/web-kit';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useLoginMutation } from '../../api/auth';
import { T } from '../../messages';

// Linear: the lookahead rules out a second '@' once (the plain form re-scanned from every dot).
const EMAIL = /^[^\s@]+@(?=[^\s@]+$)[^\s@]+\.[^\s@]+$/;

/**
 * The console's sign-in: on the admin host the workspace's /auth page is not
 * routed, and its session cookie does not reach this host, so an anonymous visitor signs in here.
 * A successful POST /auth/login refetches the current user; the shell then shows the console,
 * the forced password change, or the denial for a non-admin.
 */
export function AdminSignIn() {
  const [login, { isLoading }] = useLoginMutation();
  const toast = useToast();
  const { values, bind } = useFormFields({ email: '', password: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    if (email === '' || values.password === '') return setProblem(T.loginRequired);
    if (!EMAIL.test(email)) return setProblem(T.invalidEmail);
    setProblem(null);
    const result = await login({ email, password: values.password });
    if ('error' in result && result.error) {
      const status = (result.error as { status?: unknown }).status;
      const message = errorMessage(result.error, T.loginError);
      setProblem(
        status === 'FETCH_ERROR'
          ? T.connectionError
          : status === 401
            ? T.invalidCredentials
            : message,
      );
      toast({ title: T.loginError, description: message, variant: 'destructive' });
      return;
    }
    toast({ title: T.loginSuccess, variant: 'success' });
  };

  return (
    <Container maxWidth="xs" sx={{ py: 8 }}>
      <Card component="section" aria-labelledby="admin-sign-in-title">
        <CardContent>
          <Typography id="admin-sign-in-title" component="h1" variant="h5" sx={{ mb: 1 }}>
            {T.signInTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {T.signInText}
          </Typography>
          <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <TextField
              label={T.email}
              type="email"
              autoComplete="email"
              required
              fullWidth
              {...bind('email')}
            />
            <TextField
              label={T.password}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              {...bind('password')}
            />
            {problem && <Alert severity="error">{problem}</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              {isLoading ? T.signingIn : T.signIn}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
