import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { errorMessage, useToast } from '@pv/web-kit';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useRegisterMutation } from '../../api/auth';
import {
  AuthStrings,
  isEmail,
  SIMPLE_PASSWORD_MIN,
  SIMPLE_REDIRECT_DELAY_MS,
} from '../../strings/auth';
import { AuthCard } from './auth-card';
import { useDelayedRedirect } from './login-form';

/** /auth/register: first name, last name, email, password and confirmation (spec 2 §2, §5). */
export default function RegisterPage() {
  const [register, { isLoading }] = useRegisterMutation();
  const toast = useToast();
  const redirect = useDelayedRedirect(SIMPLE_REDIRECT_DELAY_MS);
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirm: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { firstName, lastName, email, password, confirm } = form;
    if (
      [firstName, lastName, email].some((v) => v.trim() === '') ||
      password === '' ||
      confirm === ''
    )
      return setProblem(AuthStrings.registerRequired);
    if (!isEmail(email)) return setProblem(AuthStrings.invalidEmail);
    if (password !== confirm) return setProblem(AuthStrings.passwordsDoNotMatch);
    if (password.length < SIMPLE_PASSWORD_MIN) return setProblem(AuthStrings.simplePasswordMin);
    setProblem(null);
    const result = await register({
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      email: email.trim(),
      password,
    });
    if ('error' in result && result.error) {
      const message = errorMessage(result.error, AuthStrings.signupError);
      setProblem(message);
      toast({ title: AuthStrings.signupError, description: message, variant: 'destructive' });
      return;
    }
    setDone(true);
    toast({
      title: AuthStrings.registerSuccessTitle,
      description: AuthStrings.registerSuccess,
      variant: 'success',
    });
    redirect();
  };

  return (
    <AuthCard title={AuthStrings.registerTitle}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={AuthStrings.firstName}
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
            required
            fullWidth
          />
          <TextField
            label={AuthStrings.lastName}
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
            required
            fullWidth
          />
        </Stack>
        <TextField
          label={AuthStrings.email}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          required
          fullWidth
        />
        <TextField
          label={AuthStrings.password}
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          required
          fullWidth
        />
        <TextField
          label={AuthStrings.confirmPassword}
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          required
          fullWidth
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button type="submit" variant="contained" size="large" disabled={isLoading || done}>
          {isLoading ? AuthStrings.submitting : AuthStrings.registerButton}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/auth/login">
          {AuthStrings.haveAccount}
        </Link>
      </Typography>
    </AuthCard>
  );
}
