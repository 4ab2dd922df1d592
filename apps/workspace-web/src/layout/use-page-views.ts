import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { analyticsApi } from '../api/analytics';
import { useAppDispatch } from '../store';

/**
 * POST /api/analytics/page-view on every route change, fire-and-forget: untracked in the store,
 * never awaited by the page, failures ignored. Only the path is sent, never the query string
 * (it can carry a payment client secret).
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const lastSent = useRef<string | null>(null);
  useEffect(() => {
    // StrictMode runs effects twice in development; one visit is one page view.
    if (lastSent.current === pathname) return;
    lastSent.current = pathname;
    const request = dispatch(
      analyticsApi.endpoints.recordPageView.initiate(
        { path: pathname, app: 'workspace' },
        { track: false },
      ),
    );
    request.unwrap().catch(() => {});
  }, [pathname, dispatch]);
}
