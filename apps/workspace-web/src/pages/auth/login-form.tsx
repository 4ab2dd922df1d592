import { Alert, Button, Stack, TextField } from '@mui/material';
import { errorMessage, useToast } from '@pv/web-kit';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../../api/auth';
import { AuthStrings, isEmail } from '../../strings/auth';

/** Redirects to / after `delayMs`; the timer dies with the page. */
export function useDelayedRedirect(delayMs: number): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    timer.current = setTimeout(() => navigate('/', { replace: true }), delayMs);
  };
}

/**
 * Email and password (spec 2 §2, §5). `simple` is the /auth/login page, which also says
 * 'Email ou senha inválidos' or 'Erro de conexão. Tente novamente.' under the form.
 */
export function LoginForm({
  redirectDelayMs,
  simple = false,
}: {
  redirectDelayMs: number;
  simple?: boolean;
}) {
  const [login, { isLoading }] = useLoginMutation();
  const toast = useToast();
  const redirect = useDelayedRedirect(redirectDelayMs);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') return setProblem(AuthStrings.loginRequired);
    if (!isEmail(email)) return setProblem(AuthStrings.invalidEmail);
    setProblem(null);
    const result = await login({ email: email.trim(), password });
    if ('error' in result && result.error) {
      const status = (result.error as { status?: unknown }).status;
      const message = errorMessage(result.error, AuthStrings.loginError);
      if (simple) {
        if (status === 'FETCH_ERROR') setProblem(AuthStrings.connectionError);
        else if (status === 401) setProblem(AuthStrings.invalidCredentials);
        else setProblem(message);
      }
      toast({ title: AuthStrings.loginError, description: message, variant: 'destructive' });
      return;
    }
    // After an admin reset the layout opens the forced password change instead (spec 2 §2).
    if (result.data.mustChangePassword || result.data.user.mustChangePassword) return;
    setDone(true);
    toast({
      title: AuthStrings.loginSuccessTitle,
      description: AuthStrings.loginSuccess,
      variant: 'success',
    });
    redirect();
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label={AuthStrings.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        fullWidth
      />
      <TextField
        label={AuthStrings.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        fullWidth
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={isLoading || done}>
        {isLoading ? AuthStrings.submitting : AuthStrings.loginButton}
      </Button>
    </Stack>
  );
}
