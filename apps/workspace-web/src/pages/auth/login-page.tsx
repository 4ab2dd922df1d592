import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useViewer } from '../../api/auth';
import { AuthStrings, SIMPLE_REDIRECT_DELAY_MS } from '../../strings/auth';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

/**
 * /auth/login: the simple login page (redirects to / after 1.5 s). It is also where the notice
 * card of anonymous and free users leads: someone already signed in is told so and,
 * on the free plan, offered Premium, with the form one click away for another account.
 * Who was viewing is decided once, when the page first knows: signing in here makes the viewer a
 * user too, and the form must stay (with its success toast and redirect) rather than turn into
 * the "already signed in" panel.
 */
export default function LoginPage() {
  const viewer = useViewer();
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | undefined>(undefined);
  const [otherAccount, setOtherAccount] = useState(false);
  useEffect(() => {
    if (arrivedSignedIn === undefined && viewer.kind !== 'loading')
      setArrivedSignedIn(viewer.kind === 'user');
  }, [arrivedSignedIn, viewer.kind]);
  const signedIn = arrivedSignedIn === true && viewer.kind === 'user' && !otherAccount;
  return (
    <AuthCard title={AuthStrings.loginTitle}>
      {signedIn ? (
        <Stack spacing={2}>
          <Alert severity="info" role="status">
            <Typography sx={{ fontWeight: 600 }}>
              {AuthStrings.signedInAs(viewer.user.email)}
            </Typography>
            {viewer.isPremium ? AuthStrings.signedInPremiumText : AuthStrings.signedInFreeText}
          </Alert>
          {!viewer.isPremium && (
            <Button component={RouterLink} to="/subscribe" variant="contained" color="secondary">
              {AuthStrings.subscribePremium}
            </Button>
          )}
          <Button onClick={() => setOtherAccount(true)}>{AuthStrings.otherAccount}</Button>
        </Stack>
      ) : (
        <>
          <LoginForm redirectDelayMs={SIMPLE_REDIRECT_DELAY_MS} simple />
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to="/auth/register">
              {AuthStrings.noAccount}
            </Link>
          </Typography>
        </>
      )}
    </AuthCard>
  );
}
