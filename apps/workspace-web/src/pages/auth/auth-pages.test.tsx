import { scaled } from '@pv/web-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLayout, userFixture } from '../../layout/testing';
import { jsonResponses } from '../../test/render';
import AuthPage from './auth-page';
import LoginPage from './login-page';
import RegisterPage from './register-page';

const terms = {
  version: '2.1',
  title: 'Termos de Uso',
  content: 'Texto dos termos.',
  effectiveDate: '2026-03-01T12:00:00.000Z',
};
const pages = [
  { path: '/auth', element: <AuthPage /> },
  { path: '/auth/login', element: <LoginPage /> },
  { path: '/auth/register', element: <RegisterPage /> },
];

afterEach(() => vi.unstubAllGlobals());

async function fill(label: string | RegExp, value: string) {
  await userEvent.type(screen.getByLabelText(label), value);
}

describe('/auth Entrar tab', () => {
  it('requires email and password and checks the email format', async () => {
    const fetchFn = jsonResponses({ '/auth/user': [401, {}] });
    vi.stubGlobal('fetch', fetchFn);
    const { router } = renderInLayout('/auth', pages);
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o email e a senha.')).toBeInTheDocument();
    await fill(/^Email/, 'ana-sem-arroba');
    await fill(/^Senha/, 'segredo-1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe um email válido.')).toBeInTheDocument();
    expect(fetchFn.calls.some((c) => c.url === '/auth/login')).toBe(false);
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the server message in a destructive toast when login fails', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [401, {}],
        'POST /auth/login': [
          401,
          { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Email ou senha inválidos' },
        ],
      }),
    );
    renderInLayout('/auth', pages);
    await screen.findByRole('tab', { name: 'Entrar' });
    await fill(/^Email/, 'ana@clinica.test');
    await fill(/^Senha/, 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Erro no login');
    expect(toast).toHaveTextContent('Email ou senha inválidos');
  });

  it('logs in, shows a toast and goes to / after 1 second', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [401, {}],
      'POST /auth/login': [200, { user: userFixture() }],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { router } = renderInLayout('/auth', pages);
    await screen.findByRole('tab', { name: 'Entrar' });
    await fill(/^Email/, 'ana@clinica.test');
    await fill(/^Senha/, 'segredo-1');
    const started = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Login realizado com sucesso')).toBeInTheDocument();
    expect(fetchFn.calls.find((c) => c.url === '/auth/login')?.body).toEqual({
      email: 'ana@clinica.test',
      password: 'segredo-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), {
      timeout: scaled(3000),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});

describe('/auth Cadastrar tab: terms', () => {
  async function openRegister() {
    await userEvent.click(await screen.findByRole('tab', { name: 'Cadastrar' }));
    await fill(/^Nome completo/, 'Ana Maria Souza');
    await fill(/^Email/, 'ana@clinica.test');
    await fill(/^Senha/, 'segredo-1');
  }

  it('refuses to sign up until the terms are accepted', async () => {
    const fetchFn = jsonResponses({ '/auth/user': [401, {}], '/api/terms/current': [200, terms] });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/auth', pages);
    await openRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(
      await screen.findByText('Você deve aceitar os termos de uso para criar uma conta'),
    ).toBeInTheDocument();
    expect(fetchFn.calls.some((c) => c.url === '/auth/register')).toBe(false);
  });

  it('says the terms could not be loaded when GET /api/terms/current fails', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [401, {}],
      '/api/terms/current': [503, { message: 'x' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/auth', pages);
    await openRegister();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }));
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(
      (await screen.findAllByText('Não foi possível carregar os termos de uso. Tente novamente.'))
        .length,
    ).toBeGreaterThan(0);
    expect(fetchFn.calls.some((c) => c.url === '/auth/register')).toBe(false);
  });

  it('sends fullName, email, password and the accepted terms version, then goes to /', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [401, {}],
      '/api/terms/current': [200, terms],
      'POST /auth/register': [201, { user: userFixture(), message: 'ok' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { router } = renderInLayout('/auth', pages);
    await openRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Ler os termos de uso' }));
    expect(await screen.findByRole('dialog', { name: 'Termos de Uso' })).toHaveTextContent(
      'Versão 2.1, em vigor desde 01/03/2026',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }));
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Conta criada com sucesso')).toBeInTheDocument();
    expect(fetchFn.calls.find((c) => c.url === '/auth/register')?.body).toEqual({
      fullName: 'Ana Maria Souza',
      email: 'ana@clinica.test',
      password: 'segredo-1',
      acceptedTermsVersion: '2.1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), {
      timeout: scaled(3000),
    });
  });
});

describe('/auth/login', () => {
  it("says 'Email ou senha inválidos' for wrong credentials", async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [401, {}],
        'POST /auth/login': [401, { message: 'Credenciais' }],
      }),
    );
    renderInLayout('/auth/login', pages);
    await screen.findByRole('heading', { name: 'Entrar' });
    await fill(/^Email/, 'ana@clinica.test');
    await fill(/^Senha/, 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email ou senha inválidos')).toBeInTheDocument();
  });

  it("says 'Erro de conexão. Tente novamente.' when the server cannot be reached", async () => {
    const table = jsonResponses({ '/auth/user': [401, {}] });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.url.endsWith('/auth/login')) throw new TypeError('Failed to fetch');
      return table(request);
    });
    renderInLayout('/auth/login', pages);
    await screen.findByRole('heading', { name: 'Entrar' });
    await fill(/^Email/, 'ana@clinica.test');
    await fill(/^Senha/, 'segredo-1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro de conexão. Tente novamente.')).toBeInTheDocument();
  });
});

describe('/auth/login after a successful sign-in', () => {
  it('keeps the form (toast, then /) instead of turning into the "already signed in" panel', async () => {
    let signedIn = false;
    const table = jsonResponses({ 'POST /auth/login': [200, { user: userFixture() }] });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (new URL(request.url).pathname === '/auth/session')
        return new Response(JSON.stringify({ user: signedIn ? userFixture() : null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      const response = await table(request);
      if (new URL(request.url).pathname === '/auth/login') signedIn = true;
      return response;
    });
    const { router } = renderInLayout('/auth/login', pages);
    await screen.findByRole('heading', { name: 'Entrar' });
    await fill(/^Email/, 'ana@clinica.test');
    await fill(/^Senha/, 'Segredo#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Login realizado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), {
      timeout: scaled(4000),
    });
    expect(screen.queryByText(/Você já entrou como/)).toBeNull();
  });
});

describe('/auth/login for someone already signed in (the notice card leads here)', () => {
  it('tells a free user who is signed in, offers Premium, and keeps the form a click away', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ '/auth/user': [200, userFixture({ email: 'ana@clinica.test' })] }),
    );
    renderInLayout('/auth/login', pages);
    expect(await screen.findByText('Você já entrou como ana@clinica.test.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assinar Premium' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(screen.queryByLabelText(/^Senha/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar com outra conta' }));
    expect(screen.getByLabelText(/^Senha/)).toBeInTheDocument();
  });

  it('offers a Premium user nothing to buy', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ '/auth/user': [200, userFixture({ isPremium: true })] }),
    );
    renderInLayout('/auth/login', pages);
    expect(await screen.findByText('Sua conta já é Premium.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Assinar Premium' })).toBeNull();
  });
});

describe('/auth/register', () => {
  async function fillAll(password: string, confirm: string) {
    await screen.findByRole('heading', { name: 'Criar conta' });
    await fill(/^Nome/, 'Ana');
    await fill(/^Sobrenome/, 'Souza');
    await fill(/^Email/, 'ana@clinica.test');
    await fill(/^Senha/, password);
    await fill(/^Confirmar senha/, confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
  }

  it('requires every field', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, {}] }));
    renderInLayout('/auth/register', pages);
    await userEvent.click(await screen.findByRole('button', { name: 'Criar conta' }));
    expect(
      await screen.findByText('Preencha nome, sobrenome, email e senha para criar sua conta.'),
    ).toBeInTheDocument();
  });

  it("says 'As senhas não coincidem' when the confirmation differs", async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, {}] }));
    renderInLayout('/auth/register', pages);
    await fillAll('segredo-1', 'segredo-2');
    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument();
  });

  it('asks for the strong password the server requires (issue 15)', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, {}] }));
    renderInLayout('/auth/register', pages);
    await fillAll('segredo12', 'segredo12');
    expect(
      await screen.findByText(
        'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos',
      ),
    ).toBeInTheDocument();
  });

  it('sends first and last name, email and password, then goes to / after 1.5 s', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [401, {}],
      'POST /auth/register': [201, { user: userFixture(), message: 'ok' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { router } = renderInLayout('/auth/register', pages);
    const started = Date.now();
    await fillAll('segredo-1', 'segredo-1');
    expect(await screen.findByText('Conta criada com sucesso')).toBeInTheDocument();
    expect(fetchFn.calls.find((c) => c.url === '/auth/register')?.body).toEqual({
      firstName: 'Ana',
      lastName: 'Souza',
      email: 'ana@clinica.test',
      password: 'segredo-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), {
      timeout: scaled(4000),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it("shows 'Erro ao criar conta' with the server's message on failure", async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [401, {}],
        'POST /auth/register': [
          409,
          { message: 'Este email já está cadastrado. Entre com sua senha ou use outro email.' },
        ],
      }),
    );
    renderInLayout('/auth/register', pages);
    await fillAll('segredo-1', 'segredo-1');
    await waitFor(() =>
      expect(document.querySelector('[data-variant="destructive"]')).not.toBeNull(),
    );
    const toast = document.querySelector('[data-variant="destructive"]');
    expect(toast).toHaveTextContent('Erro ao criar conta');
    expect(toast).toHaveTextContent(
      'Este email já está cadastrado. Entre com sua senha ou use outro email.',
    );
  });
});
