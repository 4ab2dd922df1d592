import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import { TabBar, type TabBarItem, TabPanel } from '@pv/web-kit';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useViewer } from '../../api/auth';
import { PageLoading } from '../../layout/app-layout';
import { UserAreaStrings as S } from '../../strings/account';
import { DashboardTab } from './dashboard-tab';
import { EmailSection } from './email-section';
import { ProfileTab } from './profile-tab';
import { SigningCertificateSection } from './signing-certificate-section';
import { VerificationSection } from './verification-section';

// Opened by few visits of Minha Área: its editor loads when the tab is first chosen.
const TemplatesTab = lazy(() =>
  import('./templates-tab').then((m) => ({ default: m.TemplatesTab })),
);

export type UserAreaTab = 'dashboard' | 'profile' | 'templates';

/** /user and /profile: 'Minha Área' with the tabs Dashboard, Perfil and Templates. */
const TABS: TabBarItem<UserAreaTab>[] = [
  { value: 'dashboard', label: S.tabDashboard },
  { value: 'profile', label: S.tabProfile },
  { value: 'templates', label: S.tabTemplates },
];

export default function UserAreaPage({ initialTab = 'dashboard' }: { initialTab?: UserAreaTab }) {
  const viewer = useViewer();
  // ?tab=profile: the workspace's link to complete the registry opens on Perfil.
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const [tab, setTab] = useState<UserAreaTab>(
    asked === 'dashboard' || asked === 'profile' || asked === 'templates' ? asked : initialTab,
  );
  const id = useId();

  if (viewer.kind === 'loading') return <PageLoading />;
  if (viewer.kind === 'anonymous') {
    return (
      <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 2 }}>
          {S.accessDenied}
        </Typography>
        <Typography sx={{ mb: 3 }}>{S.accessDeniedText}</Typography>
        <Button component={RouterLink} to="/auth" variant="contained">
          {S.loginButton}
        </Button>
      </Container>
    );
  }

  const { user, isPremium } = viewer;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
            {S.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
            <Typography color="text.secondary">{user.fullName}</Typography>
            {isPremium && <Chip label={S.premiumBadge} color="secondary" size="small" />}
          </Stack>
        </Box>
        <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} variant="outlined">
          {S.back}
        </Button>
      </Stack>
      <Paper sx={{ mb: 3 }}>
        <TabBar items={TABS} value={tab} onChange={setTab} label={S.tabsLabel} idPrefix={id} />
      </Paper>
      <TabPanel idPrefix={id} value={tab}>
        {tab === 'dashboard' && <DashboardTab user={user} isPremium={isPremium} />}
        {tab === 'profile' && (
          <>
            <ProfileTab user={user} />
            <EmailSection user={user} />
            <VerificationSection user={user} />
            <SigningCertificateSection isPremium={isPremium} />
          </>
        )}
        {tab === 'templates' && (
          <Suspense fallback={<PageLoading inline />}>
            <TemplatesTab isPremium={isPremium} />
          </Suspense>
        )}
      </TabPanel>
    </Container>
  );
}
