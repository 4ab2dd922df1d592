import type { CurrentUser } from '@pv/contracts';
import { type MemberViewPart, memberViewName } from '@pv/contracts/constants';
import { rememberMemberView } from '@pv/web-kit';
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

/**
 * Keeps the view cookie in step with who is signed in (a confirmed e-mail, a new plan, a sign-out
 * change it; `rememberMemberView` of @pv/web-kit).
 */
export function useMemberViewCookie(): void {
  const viewer = useViewer();
  const view = viewer.kind === 'user' ? memberViewOf(viewer.user) : undefined;
  const known = viewer.kind !== 'loading';
  useEffect(() => {
    if (known) rememberMemberView(view);
  }, [known, view]);
}
