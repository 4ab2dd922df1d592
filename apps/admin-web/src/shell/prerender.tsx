/**
 * The console's first screen for an operator without a session, its sign-in, rendered at build
 * time into `visitor/index.html`, and for an administrator past the second factor, its header
 * and tabs, into `member/staff/index.html` (the `pv:prerender-visitor-pages` plugin of
 * @pv/web-kit/build, docs/performance.md): they paint from the HTML while the JavaScript still
 * loads. Runs in Node only, never in the browser bundle.
 */
import { STAFF_VIEW } from '@pv/contracts/constants';
import { accountWithoutPersonalData, prerenderShell } from '@pv/web-kit/shell-server';
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

/** The console's one member view and its one page (the tab comes from the query string). */
export const MEMBER_VIEWS = [STAFF_VIEW];
export const MEMBER_ROUTES = ['/'];

/**
 * The console as an administrator past the second factor first sees it: the header and the tab
 * bar, the first tab's content still loading. Only STAFF_VIEW exists.
 */
export async function renderMember(pathname: string, view: string): Promise<string> {
  if (view !== STAFF_VIEW) throw new Error(`the console has no member view ${view}`);
  const store = makeStore();
  // An administrator with nothing personal: the header's name is empty until the console's own.
  const admin = accountWithoutPersonalData({ isAdmin: true });
  await store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, admin));
  await store.dispatch(
    authApi.util.upsertQueryData('getMfaStatus', undefined, { secondFactor: 'verified' }),
  );
  const html = await prerenderShell({ routes, store, Providers: AppProviders, pathname });
  store.dispatch(authApi.util.resetApiState());
  return html;
}
