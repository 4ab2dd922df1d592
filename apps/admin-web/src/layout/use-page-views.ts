import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRecordPageViewMutation } from '../api/analytics';

/** Where the router's paths are mounted (the gateway serves this app under /admin). */
export const ADMIN_BASE_PATH = '/admin';

/**
 * Counts a page view of the console on every route or tab change (the tab is in the query).
 * Fire and forget: a failed count never bothers the admin.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  const [record] = useRecordPageViewMutation();
  useEffect(() => {
    const path = `${ADMIN_BASE_PATH}${pathname === '/' ? '' : pathname}${search}`;
    record({ path, app: 'admin' }).catch(() => undefined);
  }, [pathname, search, record]);
}
