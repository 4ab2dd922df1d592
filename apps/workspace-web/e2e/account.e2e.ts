import { randomBytes } from 'node:crypto';
import {
  expectNoSeriousA11yViolations,
  launchBrowser,
  newPage,
  saveScreenshot,
  watchPageProblems,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// Issue 7 part A through a real browser and the real stack: sign-up, login, the header per role,
// logout, the support form and the 404 page, each checked with axe and photographed.
describe('workspace-web accounts', () => {
  const { baseUrl, admin } = inject('e2e');
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const account = {
    firstName: 'Beatriz',
    lastName: 'Ramos',
    email: `e2e-conta-${Date.now()}-${randomBytes(3).toString('hex')}@exemplo.test`,
    password: 'Senha-E2e-2026',
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { baseUrl });
    watchPageProblems(page, pageErrors);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const main = () => page.getByRole('main');
  const openUserMenu = () => page.getByRole('button', { name: 'Abrir menu do usuário' }).click();

  it('shows an anonymous visitor the Entrar button and the notice card', async () => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();
    await page.getByRole('region', { name: 'Aproveite mais com uma conta gratuita' }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it('registers on /auth/register and lands on / signed in', async () => {
    await page.goto('/auth/register');
    await main().getByRole('heading', { name: 'Criar conta' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Nome', { exact: false }).first().fill(account.firstName);
    await page.getByLabel('Sobrenome').fill(account.lastName);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha', { exact: false }).first().fill(account.password);
    await page.getByLabel('Confirmar senha').fill(account.password);
    await saveScreenshot(page, 'workspace-web-register');
    await main().getByRole('button', { name: 'Criar conta' }).click();
    await page.getByText('Conta criada com sucesso').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await openUserMenu();
    const menu = page.getByRole('menu');
    await menu.getByText('Beatriz Ramos').waitFor();
    await menu.getByText(account.email).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Minha Área' }).getAttribute('href')).toBe(
      '/user',
    );
    await saveScreenshot(page, 'workspace-web-user-menu');
    await page.keyboard.press('Escape');
  });

  it('shows the user area and passes axe', async () => {
    await page.goto('/user');
    await main().getByRole('heading', { level: 1, name: 'Minha Área' }).waitFor();
    await page.getByText('Bem-vindo(a), Beatriz!').waitFor();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'workspace-web-user-area');
  });

  it('logs out to / as an anonymous visitor', async () => {
    await openUserMenu();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();
  });

  it('logs in again on /auth/login', async () => {
    await page.goto('/auth/login');
    await main().getByRole('heading', { name: 'Entrar' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Senha', { exact: false }).fill('senha-errada');
    await main().getByRole('button', { name: 'Entrar' }).click();
    await main().getByText('Email ou senha inválidos').waitFor();
    await page.getByLabel('Senha', { exact: false }).fill(account.password);
    await main().getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Login realizado com sucesso').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Abrir menu do usuário' }).waitFor();
    await openUserMenu();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();
  });

  it('shows an administrator the full name and Administração', async () => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Cadastrar' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Senha', { exact: false }).fill(admin.password);
    await main().getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await openUserMenu();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem', { name: 'Administração' }).getAttribute('href')).toBe(
      '/admin',
    );
    expect(await menu.getByRole('menuitem', { name: 'Minha Área' }).count()).toBe(0);
    await saveScreenshot(page, 'workspace-web-admin-menu');
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();
  });

  it('sends a support ticket as an anonymous visitor', async () => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Suporte' }).click();
    await main().getByRole('heading', { name: 'Suporte' }).waitFor();
    await main().getByRole('button', { name: 'Enviar ticket' }).click();
    await page.getByText('Por favor, preencha todos os campos obrigatórios').waitFor();
    await page.getByLabel('Email de contato').fill('paciente.e2e@exemplo.test');
    await page.getByLabel('Assunto').fill('Dúvida sobre o PDF');
    await page.getByLabel('Descrição').fill('O PDF do receituário não abre no celular.');
    await expectNoSeriousA11yViolations(page);
    await main().getByRole('button', { name: 'Enviar ticket' }).click();
    await main().getByRole('heading', { name: 'Ticket criado com sucesso!' }).waitFor();
    await saveScreenshot(page, 'workspace-web-support-sent');
    await main().getByRole('button', { name: 'Criar Outro Ticket' }).click();
    expect(await page.getByLabel('Assunto').inputValue()).toBe('');
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto('/caminho/que/nao/existe');
    await main().getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'workspace-web-404');
    expect(pageErrors).toEqual([]);
  });
});
