/**
 * Cookies the workspace sets when this browser's `/` differs from a visitor's default (a card
 * order of its own, the notice card dismissed): with one, the gateway answers with index.html
 * instead of the page pre-rendered for a visitor, which would show the default for a moment
 * (docs/performance.md). Each name starts with this prefix.
 */
export const OWN_PAGE_COOKIE_PREFIX = 'pv_own_';
