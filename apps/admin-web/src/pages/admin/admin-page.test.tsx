import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, asAdmin, noUsers } from '../../test/fixtures';
import { jsonResponses, renderAt } from '../../test/render';
import AdminPage from './admin-page';

const DENIED = 'Acesso negado. Esta área é restrita a administradores.';

describe('/admin access and header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks an anonymous visitor (GET /auth/user 401) to sign in, without calling admin routes', async () => {
    let signedIn = false;
    const fetchFn = jsonResponses({
      'GET /auth/mfa': [200, { secondFactor: 'verified' }],
      'GET /auth/user': () =>
        signedIn
          ? [200, adminUser]
          : [401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' }],
      'POST /auth/login': (call) => {
        const body = call.body as { password: string };
        if (body.password !== 'Senha-Certa-1!')
          return [
            401,
            { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Email ou senha inválidos' },
          ];
        signedIn = true;
        return [200, { user: adminUser }];
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<AdminPage />);
    expect(
      await screen.findByRole('heading', { name: 'Entrar no Painel Administrativo' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(DENIED)).not.toBeInTheDocument();
    expect(fetchFn.calls.some((call) => call.url.startsWith('/api/admin'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o email e a senha.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'nao-e-email');
    await userEvent.type(screen.getByLabelText(/Senha/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe um email válido.')).toBeInTheDocument();
    expect(fetchFn.calls.some((call) => call.url === '/auth/login')).toBe(false);

    await userEvent.clear(screen.getByLabelText(/Email/));
    await userEvent.type(screen.getByLabelText(/Email/), 'ana.admin@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findAllByText('Email ou senha inválidos')).not.toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/Senha/));
    await userEvent.type(screen.getByLabelText(/Senha/), 'Senha-Certa-1!');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByTestId('admin-name')).toHaveTextContent('Ana Admin');
    expect(fetchFn.calls.filter((call) => call.url === '/auth/login').at(-1)?.body).toEqual({
      email: 'ana.admin@example.com',
      password: 'Senha-Certa-1!',
    });
  });

  it("says 'Erro de conexão. Tente novamente.' when the sign-in cannot reach the server", async () => {
    const table = jsonResponses({
      'GET /auth/user': [401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' }],
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.url.endsWith('/auth/login')) throw new TypeError('Failed to fetch');
      return table(request);
    });
    renderAt(<AdminPage />);
    await userEvent.type(await screen.findByLabelText(/Email/), 'ana.admin@example.com');
    await userEvent.type(screen.getByLabelText(/Senha/), 'qualquer');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro de conexão. Tente novamente.')).toBeInTheDocument();
  });

  it('makes an admin whose password was reset choose a new one before the console opens', async () => {
    let mustChange = true;
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /auth/mfa': [200, { secondFactor: 'verified' }],
      'GET /auth/user': () => [200, { ...adminUser, mustChangePassword: mustChange }],
      'POST /auth/change-password': () => {
        mustChange = false;
        return [200, { message: 'Senha alterada com sucesso' }];
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<AdminPage />);
    const dialog = await screen.findByRole('dialog', { name: 'Alteração de senha obrigatória' });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(fetchFn.calls.some((call) => call.url.startsWith('/api/admin'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Senha atual/), 'Temporaria-1!');
    await userEvent.type(within(dialog).getByLabelText(/^Nova senha/), 'fraca');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar senha' }));
    expect(
      await within(dialog).findByText(
        'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos',
        { selector: '.MuiAlert-message' },
      ),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^Nova senha/));
    await userEvent.type(within(dialog).getByLabelText(/^Nova senha/), 'Nova-Senha-2026!');
    await userEvent.type(within(dialog).getByLabelText(/Confirmar nova senha/), 'Nova-Senha-2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByTestId('admin-name')).toHaveTextContent('Ana Admin');
    expect(fetchFn.calls.find((call) => call.url === '/auth/change-password')?.body).toEqual({
      currentPassword: 'Temporaria-1!',
      newPassword: 'Nova-Senha-2026!',
      confirmPassword: 'Nova-Senha-2026!',
    });
  });

  it('asks an admin signed in with the password only for the code, then opens the console', async () => {
    let verified = false;
    const fetchFn = jsonResponses({
      'GET /auth/user': [200, adminUser],
      'GET /auth/mfa': () => [200, { secondFactor: verified ? 'verified' : 'required' }],
      'POST /auth/mfa/verify': (call) => {
        if ((call.body as { code?: string }).code !== '123456')
          return [401, { statusCode: 401, code: 'MFA_CODE_INVALID', message: 'Código inválido' }];
        verified = true;
        return [200, { secondFactor: 'verified' }];
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<AdminPage />);
    await screen.findByRole('heading', { name: 'Verificação em duas etapas' });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(fetchFn.calls.some((call) => call.url.startsWith('/api/admin'))).toBe(false);
    await userEvent.type(screen.getByLabelText(/Código do aplicativo autenticador/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Código inválido')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Código do aplicativo autenticador/));
    await userEvent.type(screen.getByLabelText(/Código do aplicativo autenticador/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByTestId('admin-name')).toHaveTextContent('Ana Admin');
  });

  it('enrols an admin without an authenticator: QR code, confirmation, recovery codes', async () => {
    let enrolled = false;
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
    const fetchFn = jsonResponses({
      'GET /auth/user': [200, adminUser],
      'GET /auth/mfa': () => [200, { secondFactor: enrolled ? 'verified' : 'enrolment-required' }],
      'POST /auth/mfa/enrolment': [
        200,
        {
          secret: 'KRSXG5CBMRWWS3SUN5ZHAU3FMNZGK5A2',
          otpauthUrl: 'otpauth://totp/Prontu%C3%A1rio:ana?secret=KRSXG5CBMRWWS3SUN5ZHAU3FMNZGK5A2',
        },
      ],
      'POST /auth/mfa/enrolment/confirm': () => {
        enrolled = true;
        return [200, { recoveryCodes: codes }];
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<AdminPage />);
    expect(
      await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('mfa-secret')).toHaveTextContent('KRSXG5CBMRWWS3SUN5ZHAU3FMNZGK5A2');
    await userEvent.type(screen.getByLabelText(/Código do aplicativo autenticador/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    const list = await screen.findByTestId('mfa-recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    await userEvent.click(screen.getByRole('button', { name: 'Já guardei os códigos' }));
    expect(await screen.findByTestId('admin-name')).toHaveTextContent('Ana Admin');
  });

  it('denies a signed-in user who is not an admin', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ 'GET /auth/user': [200, { ...adminUser, isAdmin: false }] }),
    );
    renderAt(<AdminPage />);
    expect(await screen.findByText(DENIED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it("'Voltar ao App' on the production admin host goes to the workspace's origin", async () => {
    // On admin.example.com, `/` is the console itself: the build names the workspace's origin.
    vi.stubEnv('VITE_WORKSPACE_URL', 'https://app.example.com/');
    try {
      vi.stubGlobal('fetch', jsonResponses({ ...asAdmin }));
      renderAt(<AdminPage />);
      expect(await screen.findByRole('link', { name: /Voltar ao App/ })).toHaveAttribute(
        'href',
        'https://app.example.com/',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("shows the admin's name, 'Voltar ao App' to / and the eleven tabs, then 'Auditoria'", async () => {
    vi.stubGlobal('fetch', jsonResponses({ ...asAdmin }));
    renderAt(<AdminPage />);
    expect(await screen.findByTestId('admin-name')).toHaveTextContent('Ana Admin');
    expect(screen.getByRole('link', { name: /Voltar ao App/ })).toHaveAttribute('href', '/');
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Dashboard',
      'Analytics',
      'Usuários',
      'Verificações',
      'Suporte',
      'Templates',
      'Templates IA',
      'Termos Médicos',
      'Instruções',
      'Termos',
      'Mensagens',
      'Transcript Vault',
      'Auditoria',
    ]);
  });

  it('keeps the open tab in the URL (?tab=) so it survives a reload', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        ...asAdmin,
        ...noUsers,
      }),
    );
    const { router } = renderAt(<AdminPage />, { path: '/?tab=termos-medicos' });
    expect(await screen.findByRole('tab', { name: 'Termos Médicos' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Usuários' }));
    expect(router.state.location.search).toBe('?tab=usuarios');
  });
});
