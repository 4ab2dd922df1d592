/**
 * The visitor's first screens, rendered at build time into index.html (the `pv:prerender-shell`
 * plugin of @pv/web-kit/build, docs/decisions.md "web25"): the page paints from the HTML while
 * the JavaScript still loads. Runs in Node only, never in the browser bundle.
 */
import { type Theme, ThemeProvider } from '@mui/material/styles';
import type { CurrentUser } from '@pv/contracts';
import { MEMBER_VIEWS } from '@pv/contracts/constants';
import type { AppProvidersProps } from '@pv/web-kit';
import { accountWithoutPersonalData, prerenderShell } from '@pv/web-kit/shell-server';
import { authApi } from '../api/auth';
import { AppProviders } from '../providers';
import { routes } from '../routes';
import { makeStore } from '../store';
import { memberViewOf } from './member-view';

/** The routes pre-rendered for a visitor (no session): the workspace and the login page. */
export const SHELL_ROUTES = ['/', '/auth/login'];

/** The width the pages are drawn for: a phone (vite.config.ts shows them below 900 px only). */
const PHONE_WIDTH_PX = 412;

/** Answers the app's `useMediaQuery` (MUI's `(min-width:…px)`, `(max-width:…px)`) for a phone. */
function phoneMatchMedia(query: string) {
  const min = /min-width:\s*([\d.]+)px/.exec(query)?.[1];
  const max = /max-width:\s*([\d.]+)px/.exec(query)?.[1];
  const matches =
    (min === undefined || PHONE_WIDTH_PX >= Number(min)) &&
    (max === undefined || PHONE_WIDTH_PX <= Number(max));
  return { matches };
}

function PhoneProviders({ store, children }: AppProvidersProps) {
  return (
    <AppProviders store={store}>
      <ThemeProvider
        theme={(outer: Theme) => ({
          ...outer,
          components: {
            ...outer.components,
            MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: phoneMatchMedia } },
          },
        })}
      >
        {children}
      </ThemeProvider>
    </AppProviders>
  );
}

export async function render(pathname: string): Promise<string> {
  const store = makeStore();
  // A visitor: what `GET /auth/session` answers without a session.
  await store.dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
  const html = await prerenderShell({ routes, store, Providers: PhoneProviders, pathname });
  // Clears the cache's removal timers (minutes long), which would keep the build running.
  store.dispatch(authApi.util.resetApiState());
  return html;
}

/** The routes pre-rendered for a signed-in user, once per member view (MEMBER_VIEWS). */
export const MEMBER_ROUTES = ['/', '/user'];
export { MEMBER_VIEWS };

/**
 * An account of `view` with nothing personal: no name, e-mail or registry number (the avatar
 * draws its blank placeholder, the name beside Minha Área's title is empty). The user's own page
 * fills them in when it replaces the copy.
 */
export function representativeUser(view: string): CurrentUser {
  const parts = new Set(view.split('-'));
  const registry = !parts.has('noregistry');
  const user = accountWithoutPersonalData({
    isPremium: parts.has('premium'),
    professionalRegistry: registry ? 'CRM' : null,
    registryNumber: registry ? '0' : null,
    registryUf: registry ? 'SP' : null,
    emailVerified: !parts.has('unconfirmed'),
  });
  // The SPA names the view from the user; the copy must be drawn for the same one.
  if (memberViewOf(user) !== view) throw new Error(`no representative user for view ${view}`);
  return user;
}

/** `pathname` as a signed-in user of `view` first sees it (see representativeUser). */
export async function renderMember(pathname: string, view: string): Promise<string> {
  const store = makeStore();
  await store.dispatch(
    authApi.util.upsertQueryData('getCurrentUser', undefined, representativeUser(view)),
  );
  const html = await prerenderShell({ routes, store, Providers: PhoneProviders, pathname });
  store.dispatch(authApi.util.resetApiState());
  return html;
}

/**
 * The frame every other page paints from the HTML (index.html: a signed-in user's `/`, Minha
 * Área, the support form...): the header and the page's spinner, i.e. the layout while "who is
 * visiting" is unanswered. The user's own page replaces it once the SPA has drawn it.
 */
export async function renderFrame(): Promise<string> {
  const store = makeStore();
  const html = await prerenderShell({ routes, store, Providers: PhoneProviders, pathname: '/' });
  store.dispatch(authApi.util.resetApiState());
  return html;
}
