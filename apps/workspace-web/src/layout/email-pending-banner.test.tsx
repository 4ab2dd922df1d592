import { EmailMessages } from '@pv/contracts/constants';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConfirmEmailPage from '../pages/auth/confirm-email-page';
import UserAreaPage from '../pages/user/user-area-page';
import { jsonResponses } from '../test/render';
import { renderInLayout, userFixture } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('e-mail not confirmed yet (issue 23 item 1)', () => {
  it('every screen says so and the button mails a new link', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture({ emailVerified: false })],
      'POST /auth/email/resend': [200, { message: EmailMessages.resent }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/');
    expect(await screen.findByText(EmailMessages.pendingBanner)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: EmailMessages.resendButton }));
    expect(await screen.findByText(EmailMessages.resent)).toBeInTheDocument();
    expect(fetchFn.calls.some((c) => c.url === '/auth/email/resend')).toBe(true);
  });

  it('Minha Área waits for the answer, so the banner never pushes the page down (CLS)', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const canned = jsonResponses({ '/auth/user': [200, userFixture({ emailVerified: false })] });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await answered;
      return canned(input, init);
    });
    renderInLayout('/user');
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Página Minha Área' })).toBeNull();
    expect(screen.queryByText(EmailMessages.pendingBanner)).toBeNull();
    answer();
    const banner = await screen.findByText(EmailMessages.pendingBanner);
    const page = screen.getByRole('heading', { name: 'Página Minha Área' });
    // Drawn in one go, the banner above the page.
    expect(banner.compareDocumentPosition(page) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a confirmed account sees no notice', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ '/auth/user': [200, userFixture({ emailVerified: true })] }),
    );
    renderInLayout('/');
    await screen.findByRole('heading', { name: 'Página inicial' });
    expect(screen.queryByText(EmailMessages.pendingBanner)).toBeNull();
  });
});

describe('/confirmar-email', () => {
  const pages = [{ path: '/confirmar-email', element: <ConfirmEmailPage /> }];

  it("posts the fragment's token once and shows the server's answer", async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }],
      'POST /auth/email/confirm': [200, { outcome: 'confirmed', message: EmailMessages.confirmed }],
    });
    vi.stubGlobal('fetch', fetchFn);
    window.history.replaceState(null, '', '/confirmar-email#token=abcDEF123_-');
    renderInLayout('/confirmar-email#token=abcDEF123_-', pages);
    expect(await screen.findByText(EmailMessages.confirmed)).toBeInTheDocument();
    const posts = fetchFn.calls.filter((c) => c.url === '/auth/email/confirm');
    expect(posts.map((c) => c.body)).toEqual([{ token: 'abcDEF123_-' }]);
    // The token leaves the address bar.
    expect(window.location.hash).toBe('');
  });

  it('shows an expired link as the server words it', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }],
        'POST /auth/email/confirm': [
          410,
          { statusCode: 410, code: 'EMAIL_LINK_EXPIRED', message: EmailMessages.expired },
        ],
      }),
    );
    window.history.replaceState(null, '', '/confirmar-email#token=velho');
    renderInLayout('/confirmar-email#token=velho', pages);
    expect(await screen.findByText(EmailMessages.expired)).toBeInTheDocument();
  });
});

describe("Minha Área's e-mail", () => {
  it('shows a change waiting for its link and asks for one', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture({ emailVerified: true, pendingEmail: 'nova@clinica.test' })],
      'POST /auth/email/change': [200, { message: EmailMessages.changeRequested }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/user', [{ path: '/user', element: <UserAreaPage initialTab="profile" /> }]);
    const card = within(await screen.findByTestId('account-email'));
    expect(card.getByText(EmailMessages.pendingChange('nova@clinica.test'))).toBeInTheDocument();
    await userEvent.type(card.getByLabelText(/Novo e-mail/), 'outra@clinica.test');
    await userEvent.click(card.getByRole('button', { name: 'Trocar e-mail' }));
    expect(await screen.findByText(EmailMessages.changeRequested)).toBeInTheDocument();
    const call = fetchFn.calls.find((c) => c.url === '/auth/email/change');
    expect(call?.body).toEqual({ email: 'outra@clinica.test' });
  });
});
