import { useToast } from '@pv/web-kit';
import { useCallback } from 'react';
import { useLogoutMutation } from '../../api/auth';
import { api } from '../../api/base';
import { T } from '../../messages';
import { useAppDispatch } from '../../store';

/**
 * POST /auth/logout, then forget every cached answer: the shell refetches the current user and
 * shows the sign-in form. A 401 means the session had already ended, which is just as good.
 */
export function useSignOut(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const toast = useToast();
  return useCallback(async () => {
    const result = await logout();
    if ('error' in result && result.error) {
      const status = (result.error as { status?: unknown }).status;
      if (status !== 401) {
        toast({ title: T.errorTitle, description: T.signOutError, variant: 'destructive' });
        return;
      }
    }
    dispatch(api.util.resetApiState());
  }, [logout, dispatch, toast]);
}
