/**
 * Cookies the workspace sets when this browser's `/` differs from a visitor's default (a card
 * order of its own, the notice card dismissed): with one, the gateway answers with index.html
 * instead of the page pre-rendered for a visitor, which would show the default for a moment
 * (docs/performance.md). Each name starts with this prefix.
 */
export const OWN_PAGE_COOKIE_PREFIX = 'pv_own_';

/**
 * What a signed-in user's first screens look like, without anything personal: which of the
 * layout's variable parts their page shows (`premium`: no upgrade notice or promotion;
 * `unconfirmed`: the e-mail banner; `noregistry`: the documents card's registry notice). The
 * workspace writes it into this cookie whenever it knows who is signed in; with it and a session
 * cookie, the gateway answers a navigation with the page the build pre-rendered for that view
 * (docs/performance.md "Signed-in pages paint from the HTML"). Its value is one of MEMBER_VIEWS.
 */
export const MEMBER_VIEW_COOKIE = 'pv_view';

/** The parts a member view may name, in the order they are joined (`premium-unconfirmed`). */
export const MEMBER_VIEW_PARTS = ['premium', 'unconfirmed', 'noregistry'] as const;
export type MemberViewPart = (typeof MEMBER_VIEW_PARTS)[number];

/** A view's name: its parts joined by '-' in MEMBER_VIEW_PARTS order, or 'member' for none. */
export function memberViewName(parts: ReadonlySet<MemberViewPart>): string {
  const named = MEMBER_VIEW_PARTS.filter((part) => parts.has(part));
  return named.length === 0 ? 'member' : named.join('-');
}

/** Every view the build pre-renders: each subset of MEMBER_VIEW_PARTS, named. */
export const MEMBER_VIEWS: readonly string[] = Array.from(
  { length: 2 ** MEMBER_VIEW_PARTS.length },
  (_, bits) =>
    memberViewName(new Set(MEMBER_VIEW_PARTS.filter((_part, index) => bits & (1 << index)))),
);

/**
 * The console's one member view: an administrator past the second factor. The console writes
 * it into MEMBER_VIEW_COOKIE with `path=/admin`, so it never meets the workspace's (which an
 * administrator does not have): the browser sends the console's first for a console page.
 */
export const STAFF_VIEW = 'staff';
