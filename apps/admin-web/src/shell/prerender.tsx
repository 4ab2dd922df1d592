/**
 * The console's first screen for an operator without a session, its sign-in, rendered at build
 * time into `visitor/index.html` (the `pv:prerender-visitor-pages` plugin of @pv/web-kit/build,
 * docs/performance.md): it paints from the HTML while the JavaScript still loads. Runs in Node
 * only, never in the browser bundle.
 */
import { prerenderShell } from '@pv/web-kit/shell-server';
import { authApi } from '../api/auth';
import { AppProviders } from '../providers';
import { routes } from '../routes';
import { makeStore } from '../store';

/** The console's paths pre-rendered for an operator who is not signed in: its sign-in. */
export const SHELL_ROUTES = ['/'];

export async function render(pathname: string): Promise<string> {
  const store = makeStore();
  // Nobody signed in: what `GET /auth/session` answers without a session.
  await store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
  const html = await prerenderShell({ routes, store, Providers: AppProviders, pathname });
  // Clears the cache's removal timers (minutes long), which would keep the build running.
  store.dispatch(authApi.util.resetApiState());
  return html;
}
