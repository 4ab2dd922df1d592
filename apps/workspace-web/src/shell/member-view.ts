import type { CurrentUser } from '@pv/contracts';
import { MEMBER_VIEW_COOKIE, type MemberViewPart, memberViewName } from '@pv/contracts/constants';
import { useEffect } from 'react';
import { hasRegistry, isPremiumUser, useViewer } from '../api/auth';

/**
 * Which pre-rendered member view draws this user's first screens (@pv/contracts MEMBER_VIEWS):
 * the parts of the layout that depend on the account, nothing personal. None for an
 * administrator or an account that must change its password: their pages have pieces of their
 * own (the console link, the forced dialog), so they keep the frame.
 */
export function memberViewOf(user: CurrentUser): string | undefined {
  if (user.isAdmin || user.mustChangePassword) return undefined;
  const parts = new Set<MemberViewPart>();
  if (isPremiumUser(user)) parts.add('premium');
  if (user.emailVerified === false) parts.add('unconfirmed');
  if (!hasRegistry(user)) parts.add('noregistry');
  return memberViewName(parts);
}

/** How long the view is remembered: as long as a session can last (30 days). */
const VIEW_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Writes the view for the gateway's next answer to a navigation, or forgets it (`undefined`). */
export function rememberMemberView(view: string | undefined): void {
  const value = view === undefined ? '; max-age=0' : `${view}; max-age=${VIEW_MAX_AGE_S}`;
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari; one plain write is all this needs.
    document.cookie = `${MEMBER_VIEW_COOKIE}=${value}; path=/; SameSite=Lax`;
  } catch {
    // Cookies blocked: the next visit paints the frame instead of the member page.
  }
}

/**
 * Keeps the view cookie in step with who is signed in (a confirmed e-mail, a new plan, a sign-out
 * change it): the gateway reads it only beside a session cookie, so a stale one costs at most a
 * moment of the wrong layout, never somebody else's data (the pages hold none).
 */
export function useMemberViewCookie(): void {
  const viewer = useViewer();
  const view = viewer.kind === 'user' ? memberViewOf(viewer.user) : undefined;
  const known = viewer.kind !== 'loading';
  useEffect(() => {
    if (known) rememberMemberView(view);
  }, [known, view]);
}
