import { useSignOut as useKitSignOut } from '@pv/web-kit';
import { useLogoutMutation } from '../../api/auth';
import { api } from '../../api/base';
import { T } from '../../messages';
import { useAppDispatch } from '../../store';

/** Sign-out on the admin host: every cached answer is forgotten and the shell shows the sign-in form. */
export function useSignOut(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  return useKitSignOut({
    logout: () => logout(),
    onSignedOut: () => dispatch(api.util.resetApiState()),
    failure: { title: T.errorTitle, description: T.signOutError },
  });
}
