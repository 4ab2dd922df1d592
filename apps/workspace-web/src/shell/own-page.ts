import { OWN_PAGE_COOKIE_PREFIX } from '@pv/contracts/constants';

/**
 * Tells the gateway that this browser's `/` is no longer a visitor's default (`what`: 'cards',
 * a card order of its own, kept a year; 'notice', the notice card dismissed, for the browser's
 * session), so it answers with index.html instead of the pre-rendered visitor page, which would
 * show the default for a moment (docs/performance.md).
 */
export function markOwnPage(what: 'cards' | 'notice'): void {
  const lasting = what === 'cards' ? '; max-age=31536000' : '';
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari; one plain write is all this needs.
    document.cookie = `${OWN_PAGE_COOKIE_PREFIX}${what}=1; path=/; SameSite=Lax${lasting}`;
  } catch {
    // Cookies blocked: the visitor page shows the default for a moment, nothing worse.
  }
}
