import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, AppBar, Box, Button, Container, Toolbar, Typography } from '@mui/material';
import type { CurrentUser } from '@pv/contracts';
import type { ReactNode } from 'react';
import { useGetCurrentUserQuery } from '../../api/auth';
import { PageLoading } from '../../layout/admin-layout';
import { T } from '../../messages';

/**
 * The console's header and access rule (spec 2 §2, §6): only admins get past it, so every admin
 * query below runs only for an admin. A 401 on /auth/user and isAdmin false both read as denied.
 */
export function AdminShell({ children }: { children: (admin: CurrentUser) => ReactNode }) {
  const { data: user, isLoading, isError } = useGetCurrentUserQuery();
  if (isLoading) return <PageLoading />;
  if (isError) {
    return (
      <Container sx={{ py: 6 }}>
        <Alert severity="error">{T.loadError}</Alert>
      </Container>
    );
  }
  if (!user?.isAdmin) {
    return (
      <Container sx={{ py: 6 }}>
        <Alert severity="error" role="alert">
          {T.accessDenied}
        </Alert>
        <Button href="/" sx={{ mt: 2 }} startIcon={<ArrowBackIcon />}>
          {T.backToApp}
        </Button>
      </Container>
    );
  }
  return (
    <>
      <AppBar position="static" color="default" elevation={1} component="header">
        <Toolbar sx={{ gap: 2 }}>
          <Typography component="h1" variant="h6" sx={{ flex: 1 }}>
            {T.consoleTitle}
          </Typography>
          <Typography variant="body2" data-testid="admin-name">
            {user.fullName || user.email}
          </Typography>
          <Button variant="outlined" href="/" startIcon={<ArrowBackIcon />}>
            {T.backToApp}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ py: 3 }}>
        <Container maxWidth="xl">{children(user)}</Container>
      </Box>
    </>
  );
}
