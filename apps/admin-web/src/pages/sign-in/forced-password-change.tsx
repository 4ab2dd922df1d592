import { ForcedPasswordChangeDialog } from '@pv/web-kit';
import { useChangePasswordMutation } from '../../api/auth';
import { useSignOut } from './use-sign-out';

/**
 * On the admin host: an admin whose password was reset chooses a new one before
 * the console opens. After the change the mutation refetches the current user and the console
 * shows; 'Sair' signs out.
 */
export function ForcedPasswordChange() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const signOut = useSignOut();
  return (
    <ForcedPasswordChangeDialog
      changePassword={(body) => changePassword(body)}
      busy={isLoading}
      onSignOut={() => void signOut()}
    />
  );
}
