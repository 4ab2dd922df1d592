import { Typography } from '@mui/material';
import { AdminShell } from '../admin/admin-shell';
import SupportPanel from './support-panel';

/** /admin/support, the support management screen on its own. */
export default function AdminSupportPage() {
  return (
    <AdminShell>
      {() => (
        <>
          <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
            Gerenciamento de Suporte
          </Typography>
          <SupportPanel />
        </>
      )}
    </AdminShell>
  );
}
