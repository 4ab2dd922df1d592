import { Link, Stack, TextField, Typography } from '@mui/material';
import { errorMessage, useFormFields } from '@pv/web-kit';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useRegisterMutation } from '../../api/auth';
import {
  AuthStrings,
  isEmail,
  SIMPLE_REDIRECT_DELAY_MS,
  STRONG_PASSWORD,
} from '../../strings/auth';
import { AuthCard } from './auth-card';
import { AuthSubmit, EmailField, PasswordField, useAuthForm } from './auth-form';

/** /auth/register: first name, last name, email, password and confirmation. */
export default function RegisterPage() {
  const [register, { isLoading }] = useRegisterMutation();
  const { toast, problem, setProblem, done, succeed } = useAuthForm(SIMPLE_REDIRECT_DELAY_MS);
  const { values: form, bind } = useFormFields({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirm: '',
  });

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
    if (!STRONG_PASSWORD.test(password)) return setProblem(AuthStrings.passwordPolicy);
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
    succeed({ title: AuthStrings.registerSuccessTitle, description: AuthStrings.registerSuccess });
  };

  return (
    <AuthCard title={AuthStrings.registerTitle}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={AuthStrings.firstName}
            autoComplete="given-name"
            {...bind('firstName')}
            required
            fullWidth
          />
          <TextField
            label={AuthStrings.lastName}
            autoComplete="family-name"
            {...bind('lastName')}
            required
            fullWidth
          />
        </Stack>
        <EmailField {...bind('email')} />
        <PasswordField autoComplete="new-password" {...bind('password')} />
        <PasswordField
          label={AuthStrings.confirmPassword}
          autoComplete="new-password"
          {...bind('confirm')}
        />
        <AuthSubmit
          problem={problem}
          busy={isLoading}
          done={done}
          label={AuthStrings.registerButton}
        />
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/auth/login">
          {AuthStrings.haveAccount}
        </Link>
      </Typography>
    </AuthCard>
  );
}
