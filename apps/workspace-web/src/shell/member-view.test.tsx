import { MEMBER_VIEWS } from '@pv/contracts/constants';
import { rememberMemberView } from '@pv/web-kit';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLayout, userFixture } from '../layout/testing';
import { jsonResponses } from '../test/render';
import { memberViewOf } from './member-view';
import { representativeUser } from './prerender';

const withRegistry = { professionalRegistry: 'CRM', registryNumber: '123456', registryUf: 'SP' };
const viewCookie = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith('pv_view='))
    ?.slice('pv_view='.length);

afterEach(() => {
  rememberMemberView(undefined);
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

// The gateway answers a navigation with `member/<view>/…` by this name: the view must be the
// one the user's own page looks like (docs/performance.md "Signed-in pages paint from the HTML").
describe('memberViewOf', () => {
  it('names the parts of the layout the account changes', () => {
    expect(memberViewOf(userFixture(withRegistry))).toBe('member');
    expect(memberViewOf(userFixture())).toBe('noregistry');
    expect(memberViewOf(userFixture({ ...withRegistry, subscriptionStatus: 'active' }))).toBe(
      'premium',
    );
    expect(memberViewOf(userFixture({ isPremium: true, emailVerified: false }))).toBe(
      'premium-unconfirmed-noregistry',
    );
    expect(memberViewOf(userFixture({ ...withRegistry, emailVerified: false }))).toBe(
      'unconfirmed',
    );
  });

  it('gives administrators and accounts that must change the password none (the frame)', () => {
    expect(memberViewOf(userFixture({ ...withRegistry, isAdmin: true }))).toBeUndefined();
    expect(memberViewOf(userFixture({ mustChangePassword: true }))).toBeUndefined();
  });

  it('has a representative account without personal data for every view the gateway knows', () => {
    for (const view of MEMBER_VIEWS) {
      const user = representativeUser(view);
      expect(memberViewOf(user)).toBe(view);
      expect([user.email, user.firstName, user.lastName, user.fullName]).toEqual(['', '', '', '']);
    }
    expect(MEMBER_VIEWS).toHaveLength(8);
  });
});

describe('the view cookie', () => {
  it('is written once the user is known and forgotten for a visitor', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ ...withRegistry, emailVerified: false })],
      }),
    );
    const first = renderInLayout('/');
    await screen.findByRole('heading', { name: 'Página inicial' });
    await waitFor(() => expect(viewCookie()).toBe('unconfirmed'));
    first.unmount();

    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, { message: 'Não autenticado' }] }));
    renderInLayout('/');
    await screen.findByRole('heading', { name: 'Página inicial' });
    await waitFor(() => expect(viewCookie()).toBeUndefined());
  });
});
