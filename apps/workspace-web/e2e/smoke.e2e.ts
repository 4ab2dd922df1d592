import {
  apiCall,
  expectNoSeriousA11yViolations,
  launchBrowser,
  newPage,
  registerThroughApi,
  saveScreenshot,
  watchPageProblems,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// The workspace SPA as a browser gets it from the real gateway in front of the real services.
describe('workspace-web smoke', () => {
  const { baseUrl } = inject('e2e');
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

  it('serves the SPA at / and renders it without errors', async () => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await expect(page.title()).resolves.toBe('Prontuário por Voz');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('pt-BR');

    // React mounted and the router rendered the workspace itself (not its error page): the
    // formatting card's heading is there.
    await page
      .locator('#root')
      .getByRole('heading', { name: 'Formatação', exact: true })
      .waitFor({ state: 'visible' });
    await expect(page.getByText('Unexpected Application Error').count()).resolves.toBe(0);

    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('has no serious or critical accessibility violation', async () => {
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'workspace-web-smoke');
  });

  it('signs a new account up through the API, with the session cookie in the browser', async () => {
    const user = await registerThroughApi(page, { baseUrl, mailUrl: inject('e2e').mailUrl });
    const me = await apiCall(page, baseUrl, 'GET', '/auth/user');
    expect(me).toMatchObject({ email: user.email, firstName: user.firstName, isAdmin: false });

    await page.reload();
    await page
      .locator('#root')
      .getByRole('heading', { name: 'Formatação', exact: true })
      .waitFor({ state: 'visible' });
    expect(pageErrors).toEqual([]);
    await saveScreenshot(page, 'workspace-web-signed-in');
  });
});
