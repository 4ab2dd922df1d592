/**
 * The visitor's first screens, rendered at build time into index.html (the `pv:prerender-shell`
 * plugin of @pv/web-kit/build, docs/decisions.md "web25"): the page paints from the HTML while
 * the JavaScript still loads. Runs in Node only, never in the browser bundle.
 */
import { prerenderShell } from '@pv/web-kit/shell-server';
import { authApi } from '../api/auth';
import { AppProviders } from '../providers';
import { routes } from '../routes';
import { makeStore } from '../store';

/** The routes pre-rendered for a visitor (no session): the workspace and the login page. */
export const SHELL_ROUTES = ['/', '/auth/login'];

export async function render(pathname: string): Promise<string> {
  const store = makeStore();
  // A visitor: what `GET /auth/me` answers without a session.
  await store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
  const html = await prerenderShell({ routes, store, Providers: AppProviders, pathname });
  // Clears the cache's removal timers (minutes long), which would keep the build running.
  store.dispatch(authApi.util.resetApiState());
  return html;
}
