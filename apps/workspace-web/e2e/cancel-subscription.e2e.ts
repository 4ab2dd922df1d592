import {
  apiCall,
  expectNoSeriousA11yViolations,
  launchBrowser,
  newPage,
  registerThroughApi,
  saveScreenshot,
  scaled,
  watchPageProblems,
} from '@pv/e2e-kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const stripe = inject('stripe');

// Premium you can leave: 'Cancelar assinatura' in Minha Área cancels at the period's end through
// Stripe (here the local fake, which delivers signed webhooks to the stack's gateway); Premium
// lasts until Stripe deletes the subscription when the period ends.
describe.skipIf(!stripe)('cancelling Premium in a real browser against a fake Stripe', () => {
  const { baseUrl } = inject('e2e');
  const controlUrl = stripe!.controlUrl;
  let browser: Browser;
  let page: Page;
  let subscriptionId: string;
  const pageErrors: string[] = [];

  const control = async (path: string, method = 'POST') => {
    const res = await fetch(`${controlUrl}/_fake/subscriptions/${subscriptionId}${path}`, {
      method,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  /** Reloads Minha Área until the plan card says `text` (auth learns of Stripe's events async). */
  const planSays = async (text: string) =>
    expect
      .poll(
        async () => {
          await page.goto('/user');
          const plan = page.getByRole('region', { name: 'Seu plano' });
          await plan.waitFor();
          return plan.textContent();
        },
        { timeout: scaled(20_000), interval: 500 },
      )
      .toContain(text);

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { baseUrl, viewport: { width: 1280, height: 900 } });
    watchPageProblems(page, pageErrors);
    await registerThroughApi(page, { baseUrl, mailUrl: inject('e2e').mailUrl });
    const created = await apiCall(page, baseUrl, 'POST', '/api/create-subscription', {});
    subscriptionId = String(created.subscriptionId);
    // What Stripe.js and Stripe do once the card is confirmed: paid, active, webhooks sent.
    expect(await control('/pay')).toMatchObject({ statuses: [200, 200] });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("'Gerenciar assinatura' opens Stripe's Customer Portal for this customer (issue 17)", async () => {
    await planSays('Plano Premium');
    const plan = page.getByRole('region', { name: 'Seu plano' });
    const manage = plan.getByRole('button', { name: 'Gerenciar assinatura' });
    // The plan's name comes with the profile; the subscription (and its buttons) a moment later.
    await plan.getByRole('button', { name: 'Cancelar assinatura' }).waitFor();
    await manage.waitFor();
    await Promise.all([page.waitForURL(/\/p\/session\/bps_[0-9a-f]+$/), manage.click()]);
    await page.getByRole('heading', { name: 'Portal do cliente' }).waitFor();
    // The session the fake made is for the customer of this subscription.
    const remote = await control('', 'GET');
    expect(page.url().startsWith(controlUrl)).toBe(true);
    expect(remote.customer).toMatch(/^cus_/);
  });

  it("cancels at the period's end: Premium stays, marked 'Cancelada', until Stripe ends it", async () => {
    await planSays('Plano Premium');
    const plan = page.getByRole('region', { name: 'Seu plano' });
    await plan.getByRole('button', { name: 'Cancelar assinatura' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar a assinatura Premium?' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toMatch(
      /Você continua com o Premium até \d{2}\/\d{2}\/\d{4}\. Depois disso, a assinatura termina e nenhuma nova cobrança é feita\./,
    );
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancelar assinatura' }).click();
    await page
      .getByText(
        /Assinatura cancelada\. Você continua com o Premium até \d{2}\/\d{2}\/\d{4}; depois disso, nenhuma nova cobrança será feita\./,
      )
      .waitFor();
    await expect(plan.textContent()).resolves.toContain('Cancelada');
    await expect(plan.getByRole('button', { name: 'Cancelar assinatura' }).count()).resolves.toBe(
      0,
    );
    await saveScreenshot(page, 'minha-area-cancelled');

    // Stripe was asked to cancel at the period's end, not at once: still active there.
    const remote = await control('', 'GET');
    expect(remote).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await planSays('Plano Premium');

    // The period ends: Stripe deletes the subscription and Premium ends.
    expect(await control('/end-period')).toMatchObject({
      events: ['customer.subscription.deleted'],
      statuses: [200],
    });
    await planSays('Plano Gratuito');
    expect(pageErrors).toEqual([]);
  });
});
