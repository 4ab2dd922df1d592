import { MEMBER_VIEW_COOKIE } from '@pv/contracts/constants';
import { useLayoutEffect } from 'react';
import { releaseShell } from './shell-dom.js';

// React-free, so the SPAs' entry (boot.ts) can drop the copy without loading React.
export { releaseShell } from './shell-dom.js';

/**
 * Rendered beside a page, inside its Suspense boundary: once the SPA's page is on screen, the
 * pre-rendered copy goes (in the same frame, so the page does not flash or shift).
 */
export function ShellRelease(): null {
  useLayoutEffect(releaseShell, []);
  return null;
}

/** How long a member view is remembered: as long as a session can last (30 days). */
const VIEW_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Writes the member view the gateway answers this browser's next navigation under `path` with
 * (@pv/contracts MEMBER_VIEW_COOKIE: the page pre-rendered for it), or forgets it (`undefined`).
 * The gateway reads it only beside a session cookie, so a stale one costs at most a moment of
 * another layout, never anybody's data: the pre-rendered pages hold none.
 */
export function rememberMemberView(view: string | undefined, path = '/'): void {
  const value = view === undefined ? '; max-age=0' : `${view}; max-age=${VIEW_MAX_AGE_S}`;
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari; one plain write is all this needs.
    document.cookie = `${MEMBER_VIEW_COOKIE}=${value}; path=${path}; SameSite=Lax`;
  } catch {
    // Cookies blocked: the next visit paints the frame instead of the member page.
  }
}
