import { Stack } from '@mui/material';
import { errorMessage, useFormFields } from '@pv/web-kit';
import type { FormEvent } from 'react';
import { useLoginMutation } from '../../api/auth';
import { AuthStrings, isEmail } from '../../strings/auth';
import { AuthSubmit, EmailField, PasswordField, useAuthForm } from './auth-form';

/**
 * Email and password. `simple` is the /auth/login page, which also says
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
  const { toast, problem, setProblem, done, succeed } = useAuthForm(redirectDelayMs);
  const { values, bind } = useFormFields({ email: '', password: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { email, password } = values;
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
    // After an admin reset the layout opens the forced password change instead.
    if (result.data.mustChangePassword || result.data.user.mustChangePassword) return;
    succeed({ title: AuthStrings.loginSuccessTitle, description: AuthStrings.loginSuccess });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <EmailField {...bind('email')} />
      <PasswordField autoComplete="current-password" {...bind('password')} />
      <AuthSubmit problem={problem} busy={isLoading} done={done} label={AuthStrings.loginButton} />
    </Stack>
  );
}
