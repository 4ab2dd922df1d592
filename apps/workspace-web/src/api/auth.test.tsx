import { currentUserFixture } from '@pv/web-kit/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponses, renderAt } from '../test/render';
import { useViewer } from './auth';

function WhoAmI() {
  const viewer = useViewer();
  if (viewer.kind === 'loading') return <p>carregando</p>;
  if (viewer.kind === 'anonymous') return <p>anônimo</p>;
  return <p>{`${viewer.user.firstName} ${viewer.isPremium ? 'premium' : 'gratuito'}`}</p>;
}

const user = currentUserFixture({ subscriptionStatus: 'active' });

afterEach(() => vi.unstubAllGlobals());

describe('current user', () => {
  it('asks GET /auth/session, which answers a visitor with 200 {user: null} (issue 25: no 401)', async () => {
    const fetchFn = jsonResponses({ 'GET /auth/session': [200, { user: null }] });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<WhoAmI />);
    expect(await screen.findByText('anônimo')).toBeInTheDocument();
    expect(fetchFn.calls.map((c) => c.url)).toEqual(['/auth/session']);
  });

  it('still treats a 401 (a session that ended meanwhile) as an anonymous visitor', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ 'GET /auth/session': [401, { message: 'Não autenticado' }] }),
    );
    renderAt(<WhoAmI />);
    expect(await screen.findByText('anônimo')).toBeInTheDocument();
  });

  it('counts an active subscription as Premium even without the isPremium flag', async () => {
    vi.stubGlobal('fetch', jsonResponses({ 'GET /auth/session': [200, { user }] }));
    renderAt(<WhoAmI />);
    expect(await screen.findByText('Ana premium')).toBeInTheDocument();
  });
});
