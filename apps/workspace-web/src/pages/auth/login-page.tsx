import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { AuthStrings, SIMPLE_REDIRECT_DELAY_MS } from '../../strings/auth';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

/** /auth/login: the simple login page (redirects to / after 1.5 s). */
export default function LoginPage() {
  return (
    <AuthCard title={AuthStrings.loginTitle}>
      <LoginForm redirectDelayMs={SIMPLE_REDIRECT_DELAY_MS} simple />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/auth/register">
          {AuthStrings.noAccount}
        </Link>
      </Typography>
    </AuthCard>
  );
}
