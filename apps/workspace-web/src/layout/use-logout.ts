import { useSignOut } from '@pv/web-kit';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../api/auth';
import { api } from '../api/base';
import { sessionEnded, useAppDispatch } from '../store';
import { ShellStrings } from '../strings/shell';

/** Sign out, clear ALL cached data (every slice and the API cache) and go to /. */
export function useLogout(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useSignOut({
    logout: () => logout(),
    onSignedOut: () => {
      dispatch(sessionEnded());
      dispatch(api.util.resetApiState());
      navigate('/', { replace: true });
    },
    failure: { title: ShellStrings.error, description: ShellStrings.logoutError },
  });
}
