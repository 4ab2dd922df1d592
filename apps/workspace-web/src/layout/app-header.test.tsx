import { toastShown } from '@pv/web-kit';
import { scaled } from '@pv/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponses } from '../test/render';
import { renderInLayout, userFixture } from './testing';

afterEach(() => vi.unstubAllGlobals());

describe('header per role', () => {
  it('shows an anonymous visitor the Entrar button with the tooltip Clique para Entrar', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, { message: 'Não autenticado' }] }));
    renderInLayout('/');
    const login = await screen.findByRole('link', {
      name: 'Entrar',
      description: 'Clique para Entrar',
    });
    expect(login).toHaveAttribute('href', '/auth');
    await userEvent.hover(login);
    expect(await screen.findByRole('tooltip', {}, { timeout: scaled(2000) })).toHaveTextContent(
      'Clique para Entrar',
    );
    expect(screen.queryByRole('button', { name: 'Abrir menu do usuário' })).not.toBeInTheDocument();
  });

  it('shows a user the initial, first and last name, email, Minha Área and Sair', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [200, userFixture()] }));
    renderInLayout('/');
    const avatar = await screen.findByRole('button', { name: 'Abrir menu do usuário' });
    expect(avatar).toHaveTextContent('A');
    await userEvent.click(avatar);
    const menu = await screen.findByRole('menu');
    expect(screen.getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.getByText('ana@clinica.test')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Minha Área' })).toHaveAttribute(
      'href',
      '/user',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Sair' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Administração' })).not.toBeInTheDocument();
  });

  it('shows an administrator the full name, email, Administração (a plain link to /admin) and Sair', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [
          200,
          userFixture({
            isAdmin: true,
            firstName: 'Bruno',
            lastName: 'Lima',
            fullName: 'Bruno Costa Lima',
            email: 'admin@clinica.test',
          }),
        ],
      }),
    );
    renderInLayout('/');
    const avatar = await screen.findByRole('button', { name: 'Abrir menu do usuário' });
    expect(avatar).toHaveTextContent('B');
    await userEvent.click(avatar);
    const menu = await screen.findByRole('menu');
    expect(screen.getByText('Bruno Costa Lima')).toBeInTheDocument();
    expect(screen.getByText('admin@clinica.test')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Administração' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Minha Área' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sair' })).toBeInTheDocument();
  });

  it('has a support button in the header and another in the footer, both to /support', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, {}] }));
    renderInLayout('/');
    const links = await screen.findAllByRole('link', { name: 'Suporte' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/support');
    expect(links[1]?.closest('footer')).not.toBeNull();
  });
});

describe('logout', () => {
  it('POSTs /auth/logout, clears every cached slice and goes to /', async () => {
    let signedIn = true;
    const responses = jsonResponses({
      'POST /auth/logout': [200, { message: 'Sessão encerrada' }],
    });
    const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (new URL(request.url).pathname === '/auth/session') {
        return new Response(JSON.stringify({ user: signedIn ? userFixture() : null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      if (request.method === 'POST' && new URL(request.url).pathname === '/auth/logout')
        signedIn = false;
      return responses(request);
    });
    vi.stubGlobal('fetch', fetchFn);
    const { store, router } = renderInLayout('/user');
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir menu do usuário' }));
    store.dispatch(toastShown({ title: 'Um aviso antigo', variant: 'default' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(responses.calls.some((c) => c.method === 'POST' && c.url === '/auth/logout')).toBe(true);
    expect(await screen.findByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    expect(store.getState().toast.current).toBeNull();
    const queries = store.getState().api.queries;
    expect(
      Object.values(queries).every(
        (q) => q?.endpointName !== 'getCurrentUser' || q.data === null || q.data === undefined,
      ),
    ).toBe(true);
  });
});
