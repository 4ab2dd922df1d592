import {
  apiCall,
  expectNoSeriousA11yViolations,
  launchBrowser,
  loginAdminThroughApi,
  newPage,
  registerThroughApi,
  saveScreenshot,
  watchPageProblems,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// What a free user may not do and a Premium user may, with Premium granted
// by an administrator in the real auth service (the path that works without Stripe keys).
describe('Premium access rules in a real browser against the real stack', () => {
  const { baseUrl, admin } = inject('e2e');
  let browser: Browser;
  let page: Page;
  let userId: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { baseUrl, viewport: { width: 1440, height: 900 } });
    watchPageProblems(page, pageErrors);
    const user = await registerThroughApi(page, { baseUrl, mailUrl: inject('e2e').mailUrl });
    userId = (user.response.user as { id: string }).id;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a free user is offered the upgrade instead of custom templates', async () => {
    await page.goto('/profile');
    await page
      .getByText(
        'Templates personalizados são exclusivos do plano Premium. Faça o upgrade para criar os seus.',
      )
      .waitFor();
    await expect(page.getByRole('button', { name: 'Criar template' }).count()).resolves.toBe(0);
  });

  it('once an administrator grants Premium, the user creates a custom template', async () => {
    const adminPage = await newPage(browser, { baseUrl });
    await loginAdminThroughApi(adminPage, baseUrl, admin);
    await apiCall(adminPage, baseUrl, 'PUT', `/api/admin/users/${userId}`, { isPremium: true });
    await adminPage.close();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Criar template' }).click();
    await page.getByLabel('Nome do template').fill('Retorno cardiológico');
    await page
      .getByLabel('Conteúdo do template')
      .fill('Organize a nota em: Queixa, Evolução, Exame, Conduta e Retorno.');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByText('Template criado com sucesso').first().waitFor();
    await page.getByText('Retorno cardiológico').first().waitFor();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'workspace-premium-templates');
  });

  it('the workspace offers the custom template and the Premium Super Transcritor allowance', async () => {
    await page.goto('/');
    await page.getByTestId('super-usage').waitFor();
    await expect(page.getByTestId('super-usage').textContent()).resolves.toBe(
      '0 de 600 minutos usados este mês',
    );
    await page.getByRole('combobox', { name: 'Template' }).click();
    const option = page.getByRole('option', { name: /Retorno cardiológico/ });
    await option.waitFor();
    await expect(option.getByText('Personalizado').count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
  });

  it('never threw in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
