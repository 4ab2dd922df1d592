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

describe('current user (spec 1 §9)', () => {
  it('treats a 401 on GET /auth/user as an anonymous visitor', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, { message: 'Não autenticado' }] }));
    renderAt(<WhoAmI />);
    expect(await screen.findByText('anônimo')).toBeInTheDocument();
  });

  it('counts an active subscription as Premium even without the isPremium flag', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [200, user] }));
    renderAt(<WhoAmI />);
    expect(await screen.findByText('Ana premium')).toBeInTheDocument();
  });
});
