import {
  apiCall,
  expectNoSeriousA11yViolations,
  launchBrowser,
  loginAdminThroughApi,
  newPage,
  registerThroughApi,
  saveScreenshot,
  totpCode,
  watchPageProblems,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const DENIED = 'Acesso negado. Esta área é restrita a administradores.';

/**
 * The console on its own host. Operations staff use a separate admin host, which the
 * workspace's login page and session cookie do not reach. Here the two hosts are the stack's two
 * spellings of one gateway, `localhost` (the workspace) and `127.0.0.1` (the admin host): a
 * browser keeps cookies per host name, not per port, exactly as for app.example.com and
 * admin.example.com.
 */
describe('the admin console on its own host', () => {
  const { baseUrl, admin } = inject('e2e');
  const workspaceUrl = baseUrl.replace('127.0.0.1', 'localhost');
  const adminUrl = workspaceUrl.replace('localhost', '127.0.0.1');
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const signIn = async (target: Page, email: string, password: string) => {
    await target.getByRole('heading', { name: 'Entrar no Painel Administrativo' }).waitFor();
    await target.getByLabel('Email').fill(email);
    await target.getByLabel('Senha').fill(password);
    await target.getByRole('button', { name: 'Entrar' }).click();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { baseUrl: adminUrl });
    watchPageProblems(page, pageErrors);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a session on the workspace host does not reach the admin host, which asks to sign in', async () => {
    // Signed in on the workspace host as the admin...
    await loginAdminThroughApi(page, workspaceUrl, admin);
    await page.goto(`${workspaceUrl}/`);
    // ...the admin host still sees an anonymous visitor: the sign-in form, no denial.
    await page.goto(`${adminUrl}/admin`);
    await page.getByRole('heading', { name: 'Entrar no Painel Administrativo' }).waitFor();
    await expect(page.getByText(DENIED).count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'admin-host-sign-in');

    await signIn(page, admin.email, 'senha-errada');
    await page.getByText('Email ou senha inválidos').first().waitFor();

    await signIn(page, admin.email, admin.password);
    // The password alone does not open the console: the authenticator's code does (issue 23).
    await page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
    await expect(page.getByRole('tablist').count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Código do aplicativo autenticador').fill('000000');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(/^Código inválido ou expirado/).waitFor();
    await page.getByLabel('Código do aplicativo autenticador').fill(totpCode(admin.totpSecret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByTestId('admin-name').waitFor();
    await page.getByRole('tab', { name: 'Dashboard', selected: true }).waitFor();

    // Each host got its own host-only cookie: no Domain attribute, so no parent-domain cookie.
    const cookies = (await page.context().cookies()).filter((c) => c.name === 'pv_session');
    expect(cookies.map((c) => c.domain).sort()).toEqual(['127.0.0.1', 'localhost']);
    expect(cookies.every((c) => !c.domain.startsWith('.') && c.httpOnly)).toBe(true);
  });

  it('shows a 404 page for an unknown console path, without redirecting', async () => {
    await page.goto(`${adminUrl}/admin/nao-existe`);
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/nao-existe');
    await page.getByRole('link', { name: 'Ir para o Painel Administrativo' }).click();
    await page.getByTestId('admin-name').waitFor();
  });

  it('signs out, and a non-admin signing in on the admin host gets the denial', async () => {
    await page.goto(`${adminUrl}/admin`);
    await page.getByRole('button', { name: 'Sair' }).click();
    const visitor = await newPage(browser, { baseUrl: workspaceUrl });
    const user = await registerThroughApi(visitor, workspaceUrl);
    await visitor.close();
    await signIn(page, user.email, user.password);
    await page.getByText(DENIED).waitFor();
    await saveScreenshot(page, 'admin-host-denied');
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('heading', { name: 'Entrar no Painel Administrativo' }).waitFor();
  });

  it('an admin whose password was reset changes it there before the console opens', async () => {
    const operator = await newPage(browser, { baseUrl: adminUrl });
    await loginAdminThroughApi(operator, adminUrl, admin);
    const email = `e2e-ops-${Date.now().toString(36)}@exemplo.test`;
    const created = await apiCall(operator, adminUrl, 'POST', '/api/admin/users', {
      fullName: 'Olga Operações',
      email,
      isAdmin: true,
      password: 'Primeiro#Acesso26',
    });
    await apiCall(operator, adminUrl, 'POST', '/api/admin/reset-password', {
      userId: (created.user as { id: string }).id,
      newPassword: 'Cadeado#Verde26',
      confirmPassword: 'Cadeado#Verde26',
    });
    await operator.close();

    await page.goto(`${adminUrl}/admin`);
    await signIn(page, email, 'Cadeado#Verde26');
    const dialog = page.getByRole('dialog', { name: 'Alteração de senha obrigatória' });
    await dialog.waitFor();
    await expect(page.getByRole('tablist').count()).resolves.toBe(0);
    // After the dialog's fade-in: half transparent, its text would read as low contrast to axe.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    );
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'admin-host-forced-change');
    await dialog.getByLabel('Senha atual').fill('Cadeado#Verde26');
    await dialog.getByLabel(/^Nova senha/).fill('Definitiva#2026');
    await dialog.getByLabel('Confirmar nova senha').fill('Definitiva#2026');
    await dialog.getByRole('button', { name: 'Alterar senha' }).click();

    // A new admin enrols an authenticator before the console opens (issue 23): QR code, the
    // secret for typing by hand, a code from it, then the ten recovery codes shown once.
    await page.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
    await expect(page.getByRole('tablist').count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'admin-host-mfa-enrolment');
    const secret = (await page.getByTestId('mfa-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Código do aplicativo autenticador').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    const codes = page.getByTestId('mfa-recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    await expect(codes.count()).resolves.toBe(10);
    await saveScreenshot(page, 'admin-host-mfa-recovery-codes');
    await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await page.getByTestId('admin-name').waitFor();
    await expect(page.getByTestId('admin-name').textContent()).resolves.toBe('Olga Operações');
    expect(pageErrors).toEqual([]);
  });
});
