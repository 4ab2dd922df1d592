import { Paper } from '@mui/material';
import { TabBar, TabPanel } from '@pv/web-kit';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FIRST_USERS_PAGE, usersApi } from '../../api/users';
import { PageLoading } from '../../layout/admin-layout';
import { AdminShell } from './admin-shell';

interface TabDefinition {
  /** The value kept in `?tab=`, so the open tab survives a reload. */
  key: string;
  label: string;
  Component: ComponentType;
}

// Each tab is its own chunk: the console loads only the tab on screen.
const TABS: TabDefinition[] = [
  { key: 'dashboard', label: 'Dashboard', Component: lazy(() => import('./tabs/dashboard-tab')) },
  { key: 'analytics', label: 'Analytics', Component: lazy(() => import('./tabs/analytics-tab')) },
  {
    key: 'usuarios',
    label: 'Usuários',
    Component: lazy(() => import('./users/users-tab')),
  },
  // Issue 23: the review of professionals' registry and CPF.
  {
    key: 'verificacoes',
    label: 'Verificações',
    Component: lazy(() => import('./tabs/verifications-tab')),
  },
  { key: 'suporte', label: 'Suporte', Component: lazy(() => import('../support/support-panel')) },
  {
    key: 'templates',
    label: 'Templates',
    Component: lazy(() => import('./content/templates-tab')),
  },
  {
    key: 'templates-ia',
    label: 'Templates IA',
    Component: lazy(() => import('./content/ai-templates-tab')),
  },
  {
    key: 'termos-medicos',
    label: 'Termos Médicos',
    Component: lazy(() => import('./content/medical-terms-tab')),
  },
  {
    key: 'instrucoes',
    label: 'Instruções',
    Component: lazy(() => import('./content/instructions-tab')),
  },
  { key: 'termos', label: 'Termos', Component: lazy(() => import('./content/terms-tab')) },
  {
    key: 'mensagens',
    label: 'Mensagens',
    Component: lazy(() => import('./content/marketing-tab')),
  },
  {
    key: 'vault',
    label: 'Transcript Vault',
    Component: lazy(() => import('./vault/vault-tab')),
  },
  // Issue 15 item 8: beyond the spec's eleven, the staff-access audit trail.
  { key: 'auditoria', label: 'Auditoria', Component: lazy(() => import('./tabs/audit-tab')) },
];

const TAB_ITEMS = TABS.map(({ key, label }) => ({ value: key, label }));

/** The administration console: the header, the eleven tabs and 'Auditoria'. */
export default function AdminPage() {
  return <AdminShell>{() => <AdminTabs />}</AdminShell>;
}

function AdminTabs() {
  const [params, setParams] = useSearchParams();
  const current = TABS.find((tab) => tab.key === params.get('tab')) ?? TABS[0]!;
  const Current = current.Component;
  // The users' first page is asked while the tab's code downloads, not after it has run.
  const prefetchUsers = usersApi.usePrefetch('listUsers');
  useEffect(() => {
    if (current.key === 'usuarios') prefetchUsers(FIRST_USERS_PAGE);
  }, [current.key, prefetchUsers]);
  return (
    <Paper variant="outlined">
      <TabBar
        items={TAB_ITEMS}
        value={current.key}
        onChange={(key) => setParams({ tab: key })}
        label="Seções do painel administrativo"
        idPrefix="admin-tab"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      />
      <TabPanel idPrefix="admin-tab" value={current.key} sx={{ p: { xs: 2, md: 3 } }}>
        <Suspense fallback={<PageLoading />}>
          <Current />
        </Suspense>
      </TabPanel>
    </Paper>
  );
}
