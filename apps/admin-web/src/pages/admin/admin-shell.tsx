import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, AppBar, Box, Button, Container, Stack, Toolbar, Typography } from '@mui/material';
import type { CurrentUser } from '@pv/contracts';
import type { ReactNode } from 'react';
import { useGetCurrentUserQuery } from '../../api/auth';
import { PageLoading } from '../../layout/admin-layout';
import { T } from '../../messages';
import { workspaceUrl } from '../../workspace-url';
import { AdminSignIn } from '../sign-in/admin-sign-in';
import { ForcedPasswordChange } from '../sign-in/forced-password-change';
import { SecondFactorGate } from '../sign-in/second-factor';
import { useSignOut } from '../sign-in/use-sign-out';

/**
 * The console's header and access rule: only admins get past it, so every admin
 * query below runs only for an admin. An anonymous visitor (a 401 on /auth/user) gets the
 * console's own sign-in form, since on the admin host the workspace's login page and its cookie
 * do not reach; a non-admin the denial; an admin who must change the password the forced
 * change first, then the second factor (SecondFactorGate).
 */
export function AdminShell({ children }: { children: (admin: CurrentUser) => ReactNode }) {
  const { data: user, isLoading, isError } = useGetCurrentUserQuery();
  const signOut = useSignOut();
  if (isLoading) return <PageLoading />;
  if (isError) {
    return (
      <Container sx={{ py: 6 }}>
        <Alert severity="error">{T.loadError}</Alert>
      </Container>
    );
  }
  if (!user) return <AdminSignIn />;
  if (!user.isAdmin) {
    return (
      <Container sx={{ py: 6 }}>
        <Alert severity="error" role="alert">
          {T.accessDenied}
        </Alert>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button href={workspaceUrl()} startIcon={<ArrowBackIcon />}>
            {T.backToApp}
          </Button>
          <Button variant="outlined" onClick={() => void signOut()}>
            {T.signOut}
          </Button>
        </Stack>
      </Container>
    );
  }
  if (user.mustChangePassword) return <ForcedPasswordChange />;
  return (
    <SecondFactorGate>
      <AppBar position="static" color="default" elevation={1} component="header">
        {/* On a phone the title, the name and both buttons take more than one line: they wrap
            instead of widening the page (issue 25: no sideways scrolling). */}
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', rowGap: 1, py: 1 }}>
          <Typography component="h1" variant="h6" sx={{ flex: 1, minWidth: 'max-content' }}>
            {T.consoleTitle}
          </Typography>
          <Typography variant="body2" data-testid="admin-name">
            {user.fullName || user.email}
          </Typography>
          <Button variant="outlined" href={workspaceUrl()} startIcon={<ArrowBackIcon />}>
            {T.backToApp}
          </Button>
          <Button color="inherit" onClick={() => void signOut()}>
            {T.signOut}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ py: 3 }}>
        <Container maxWidth="xl">{children(user)}</Container>
      </Box>
    </SecondFactorGate>
  );
}
