import { STAFF_VIEW } from '@pv/contracts/constants';
import { rememberMemberView } from '@pv/web-kit';
import { useEffect } from 'react';
import { useGetCurrentUserQuery, useGetMfaStatusQuery } from '../api/auth';

/**
 * Whether this session gets the console itself (an administrator past the second factor, no
 * password change pending): the screen the build pre-renders as STAFF_VIEW. Undefined while
 * "who is signed in" or the second factor's state is unanswered.
 */
export function useConsoleShown(): boolean | undefined {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  const admin = Boolean(user?.isAdmin && !user.mustChangePassword);
  const secondFactor = useGetMfaStatusQuery(undefined, { skip: !admin });
  if (isLoading) return undefined;
  if (!admin) return false;
  if (secondFactor.isLoading || secondFactor.isUninitialized) return undefined;
  return secondFactor.data?.secondFactor === 'verified';
}

/**
 * Keeps the console's view cookie (`path=/admin`, beside the workspace's) in step with
 * `shown`: the gateway answers the next navigation to the console with its pre-rendered header
 * and tabs only while this browser's session gets them.
 */
export function useStaffViewCookie(shown: boolean | undefined): void {
  useEffect(() => {
    if (shown !== undefined) rememberMemberView(shown ? STAFF_VIEW : undefined, '/admin');
  }, [shown]);
}
