import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useViewer } from '../api/auth';
import { useAppDispatch } from '../store';

/**
 * Asks for the data a page draws first while the page's code is still on its way: Minha Área's
 * dashboard (its figures are the largest thing on it) would otherwise wait for its chunk to
 * arrive and run before even asking (issue 25: a signed-in page's largest paint). Only for a
 * signed-in user (a visitor's ask would answer 401) and only on the dashboard tab.
 */
export function usePageDataPrefetch(): void {
  const viewer = useViewer();
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();
  const tab = new URLSearchParams(search).get('tab');
  const dashboard =
    viewer.kind === 'user' && pathname === '/user' && (tab === null || tab === 'dashboard');
  useEffect(() => {
    if (!dashboard) return;
    void import('../api/billing').then(({ billingApi }) =>
      dispatch(billingApi.util.prefetch('getUserMetrics', undefined, {})),
    );
  }, [dashboard, dispatch]);
}
