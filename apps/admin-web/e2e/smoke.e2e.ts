import {
  apiCall,
  expectNoSeriousA11yViolations,
  launchBrowser,
  loginAdminThroughApi,
  newPage,
  saveScreenshot,
  watchPageProblems,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// The admin console as a browser gets it from the real gateway (served under /admin), first
// anonymous, then as the admin the e2e stack seeds.
describe('admin-web smoke', () => {
  const { baseUrl, admin } = inject('e2e');
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { baseUrl });
    watchPageProblems(page, pageErrors, cspViolations);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('serves the console at /admin and asks an anonymous visitor to sign in', async () => {
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.title()).resolves.toBe('Administração — Prontuário por Voz');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('pt-BR');
    expect(new URL(page.url()).pathname.startsWith('/admin')).toBe(true);

    // The console's own sign-in form (the workspace's login page does not reach the admin host).
    await page
      .getByRole('heading', { name: 'Entrar no Painel Administrativo' })
      .waitFor({ state: 'visible' });
    await expect(
      page.getByText('Acesso negado. Esta área é restrita a administradores.').count(),
    ).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'admin-web-anonymous');
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('opens the console for the seeded admin signed in through the API', async () => {
    const login = await loginAdminThroughApi(page, baseUrl, admin);
    expect(login.user).toMatchObject({
      email: admin.email,
      isAdmin: true,
      mustChangePassword: false,
    });
    await expect(apiCall(page, baseUrl, 'GET', '/auth/user')).resolves.toMatchObject({
      email: admin.email,
      isAdmin: true,
    });

    await page.goto('/admin');
    // The header shows the admin's name and a 'Voltar ao App' button to /.
    await page.getByRole('link', { name: 'Voltar ao App' }).first().waitFor({ state: 'visible' });
    await expect(
      page.getByText('Acesso negado. Esta área é restrita a administradores.').count(),
    ).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'admin-web-console');
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
