import { Alert, Link } from '@mui/material';
import { RegistryMessages } from '@pv/contracts/constants';
import { Link as RouterLink } from 'react-router-dom';
import { hasRegistry, useViewer } from '../../../../api/auth';

/**
 * A signed-in professional without a registry gets documents with the registry line blank for
 * a stamp (docs/professional-identity.md): say so, and where to complete it.
 */
export function RegistryNotice() {
  const viewer = useViewer();
  if (viewer.kind !== 'user' || hasRegistry(viewer.user)) return null;
  return (
    <Alert severity="warning" data-testid="registry-notice">
      {RegistryMessages.registryMissing}{' '}
      <Link component={RouterLink} to="/user?tab=profile">
        {RegistryMessages.completeInUserArea}
      </Link>
    </Alert>
  );
}
