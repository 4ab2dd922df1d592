import {
  launchBrowser,
  layoutShift,
  loginAdminThroughApi,
  newPage,
  pageWidth,
  saveScreenshot,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Issue 25 items 3 and 5: the console's sign-in (and its Usuários tab) on a phone (390x844) and
 * a portrait tablet (768x1024): no sideways scrolling, nothing shifting while it loads.
 * Screenshots: .data/e2e/screenshots/admin-phone-tablet-*.png.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

async function expectFits(page: Page, what: string) {
  const width = await pageWidth(page);
  expect(width.scrollWidth, `${what}: wider than the screen; ${width.widest}`).toBeLessThanOrEqual(
    width.innerWidth,
  );
}

describe.each(SIZES)('the console at $width x $height ($name)', ({ name, width, height }) => {
  const { baseUrl, admin } = inject('e2e');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { baseUrl, viewport: { width, height } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the sign-in fits the screen and does not shift', async () => {
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Entrar no Painel Administrativo' }).waitFor();
    await page.waitForTimeout(1_500);
    const shift = await layoutShift(page);
    expect(shift.total, shift.sources.join(', ')).toBeLessThanOrEqual(0.1);
    await saveScreenshot(page, `admin-phone-tablet-${name}-login`);
    await expectFits(page, 'console sign-in');
  });

  it('the Usuários tab fits the screen (its table scrolls inside itself)', async () => {
    await loginAdminThroughApi(page, baseUrl, admin);
    await page.goto('/admin?tab=usuarios');
    await page.getByRole('tab', { name: 'Usuários', exact: true, selected: true }).waitFor();
    await page.getByRole('button', { name: 'Novo Usuário' }).waitFor();
    // The list is drawn (a header row, then users), its pagination below it.
    await page.getByRole('table', { name: 'Usuários' }).getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'Ir para a próxima página' }).waitFor();
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, `admin-phone-tablet-${name}-usuarios`);
    await expectFits(page, 'console, Usuários');
  });

  it("an administrator's next visit paints the console from the HTML, nobody's name in it", async () => {
    // The visit above wrote the staff view (pv_view=staff, path /admin).
    const answer = await page.goto('/admin?tab=usuarios');
    const html = (await answer?.text()) ?? '';
    const copy = /<div id="pv-shell" inert>(.*)<div id="root">/s.exec(html)?.[1] ?? '';
    const markup = copy.replace(/<style.*?<\/style>/s, '');
    expect(markup).toContain('Painel Administrativo');
    expect(markup).toMatch(/role="tab"[^>]*>Usuários</);
    expect(markup).not.toContain(admin.email);
    await page.locator('#pv-shell').waitFor({ state: 'detached' });
    await expect(page.getByTestId('admin-name').textContent()).resolves.not.toBe('');
    await page.getByRole('tab', { name: 'Usuários', exact: true, selected: true }).waitFor();
    await page.getByRole('button', { name: 'Novo Usuário' }).waitFor();
    await page.waitForTimeout(1_500);
    const shift = await layoutShift(page);
    expect(shift.total, shift.sources.join(', ')).toBeLessThanOrEqual(0.1);
  });
});
