import { useCallback } from 'react';
import { useToast } from './toast.js';

export interface SignOutOptions {
  /** POST /auth/logout through the app's API slice. */
  logout: () => Promise<{ error?: unknown }>;
  /** Forget what the session cached (the API cache, the app's slices) and leave. */
  onSignedOut: () => void;
  /** The toast when the server could not end the session. */
  failure: { title: string; description: string };
}

/**
 * Sign-out for both SPAs: POST /auth/logout, then `onSignedOut`. A 401 means the session had
 * already ended, which is just as good; any other failure keeps the user where they are, with a
 * toast, because their cached data would otherwise vanish while the session lives on.
 */
export function useSignOut({ logout, onSignedOut, failure }: SignOutOptions): () => Promise<void> {
  const toast = useToast();
  return useCallback(async () => {
    const result = await logout();
    if (result.error) {
      const status = (result.error as { status?: unknown }).status;
      if (status !== 401) {
        toast({ ...failure, variant: 'destructive' });
        return;
      }
    }
    onSignedOut();
  }, [logout, onSignedOut, failure, toast]);
}
