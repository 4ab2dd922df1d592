import { useToast } from '@pv/web-kit';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../api/auth';
import { api } from '../api/base';
import { sessionEnded, useAppDispatch } from '../store';
import { ShellStrings } from '../strings/shell';

/**
 * Spec 1 §4 / §7: POST /auth/logout, then clear ALL cached data (every slice and the API cache)
 * and go to /. A 401 means the session had already ended, which is just as good.
 */
export function useLogout(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(async () => {
    const result = await logout();
    if ('error' in result && result.error) {
      const status = (result.error as { status?: unknown }).status;
      if (status !== 401) {
        toast({
          title: ShellStrings.error,
          description: ShellStrings.logoutError,
          variant: 'destructive',
        });
        return;
      }
    }
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
    navigate('/', { replace: true });
  }, [logout, dispatch, navigate, toast]);
}
