import { scaled } from '@pv/web-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLayout, userFixture } from '../../layout/testing';
import { jsonResponses } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

/** GET /auth/session says mustChangePassword until POST /auth/change-password succeeds. */
function stubServer(
  changeAnswer: [number, unknown] = [200, { message: 'Senha alterada com sucesso' }],
) {
  let mustChange = true;
  const table = jsonResponses({ 'POST /auth/change-password': changeAnswer });
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    if (path === '/auth/session')
      return new Response(
        JSON.stringify({ user: userFixture({ mustChangePassword: mustChange }) }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    const response = await table(request);
    if (path === '/auth/change-password' && response.ok) mustChange = false;
    return response;
  });
  vi.stubGlobal('fetch', fetchFn);
  return table;
}

async function fillDialog(current: string, next: string, confirm: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Alteração de senha obrigatória' });
  fireEvent.change(within(dialog).getByLabelText(/^Senha atual/), { target: { value: current } });
  fireEvent.change(within(dialog).getByLabelText(/^Nova senha/), { target: { value: next } });
  fireEvent.change(within(dialog).getByLabelText(/^Confirmar nova senha/), {
    target: { value: confirm },
  });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar senha' }));
  return dialog;
}

const destructiveToast = () => document.querySelector('[data-variant="destructive"]');

describe('forced password change', () => {
  it('blocks the app with a modal that Escape does not close', async () => {
    stubServer();
    renderInLayout('/user');
    const dialog = await screen.findByRole('dialog', { name: 'Alteração de senha obrigatória' });
    expect(dialog).toHaveTextContent('Você precisa criar uma nova senha antes de continuar.');
    // Issue 23 item 6: it says why, and what the session is until the change.
    expect(dialog).toHaveTextContent(
      'Sua senha foi definida por outra pessoa (um administrador a redefiniu ou criou sua conta). Até você criar a sua, esta sessão funciona como a de um visitante: seus modelos, documentos, arquivo e tickets ficam fora de alcance.',
    );
    // and leads straight to the change.
    expect(within(dialog).getByRole('button', { name: 'Alterar senha' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(
      screen.getByRole('dialog', { name: 'Alteração de senha obrigatória' }),
    ).toBeInTheDocument();
  });

  it('enforces the password policy with the toast Senha inválida', async () => {
    const table = stubServer();
    renderInLayout('/');
    await fillDialog('Antiga#123', 'semsimbolo1', 'semsimbolo1');
    await waitFor(() => expect(destructiveToast()).toHaveTextContent('Senha inválida'));
    expect(destructiveToast()).toHaveTextContent(
      'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos',
    );
    expect(table.calls.some((c) => c.url === '/auth/change-password')).toBe(false);
  });

  it('requires a matching confirmation with the toast Senhas não coincidem', async () => {
    stubServer();
    renderInLayout('/');
    const dialog = await fillDialog('Antiga#123', 'Nova#Senha1', 'Nova#Senha2');
    await waitFor(() => expect(destructiveToast()).toHaveTextContent('Senhas não coincidem'));
    expect(destructiveToast()).toHaveTextContent('A nova senha e a confirmação devem ser iguais');
    expect(dialog).toHaveTextContent('As senhas não coincidem');
  });

  it("shows 'Erro ao alterar senha' with the server's message on failure", async () => {
    stubServer([400, { message: 'A senha atual está incorreta' }]);
    renderInLayout('/');
    await fillDialog('Errada#123', 'Nova#Senha1', 'Nova#Senha1');
    await waitFor(() => expect(destructiveToast()).toHaveTextContent('Erro ao alterar senha'));
    expect(destructiveToast()).toHaveTextContent('A senha atual está incorreta');
    expect(
      screen.getByRole('dialog', { name: 'Alteração de senha obrigatória' }),
    ).toBeInTheDocument();
  });

  it('POSTs /auth/change-password, then closes and goes to / after about 1 s', async () => {
    const table = stubServer();
    const { router } = renderInLayout('/user');
    await fillDialog('Antiga#123', 'Nova#Senha1', 'Nova#Senha1');
    await waitFor(() =>
      expect(table.calls.find((c) => c.url === '/auth/change-password')?.body).toEqual({
        currentPassword: 'Antiga#123',
        newPassword: 'Nova#Senha1',
        confirmPassword: 'Nova#Senha1',
      }),
    );
    expect(await screen.findByText('Senha alterada com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), {
      timeout: scaled(3000),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
