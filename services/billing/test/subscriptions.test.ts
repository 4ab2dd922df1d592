import { BillingMessages, EmailMessages } from '@pv/contracts';
import { type FakeStripe, startFakeStripe } from '@pv/provider-fakes';
import { collectEvents, eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingUnderTest, startBilling } from './harness.js';

let stripe: FakeStripe;
let billing: BillingUnderTest;

beforeAll(async () => {
  stripe = await startFakeStripe();
  billing = await startBilling({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_API_URL: stripe.url,
    STRIPE_PORTAL_CONFIGURATION: 'bpc_test_fake',
    STRIPE_PORTAL_RETURN_URL: 'https://app.exemplo.test/user',
  });
  stripe.webhookUrl = `${billing.url}/api/stripe/webhook`;
});
afterAll(async () => {
  await billing.close();
  await stripe.close();
});

const statusOf = async (id: string) =>
  (
    await billing.runtime.db
      .selectFrom('subscriptions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('POST /api/create-subscription', () => {
  it('issue 23: refuses an account whose e-mail is not confirmed, before Stripe is asked', async () => {
    const before = stripe.calls.length;
    const user = await billing.as('free', undefined, {}, { emailVerified: false });
    const res = await user.post('/api/create-subscription');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: EmailMessages.notVerified,
    });
    expect(stripe.calls.length).toBe(before);
  });

  it('creates a BRL R$ 29,90 monthly subscription with default_incomplete and returns the client secret', async () => {
    const user = await billing.as('free');
    const res = await user.post('/api/create-subscription');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(BillingMessages.subscriptionCreated);
    expect(res.body.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(res.body.publishableKey).toBe('pk_test_fake');
    const create = stripe.calls.find((c) => c.method === 'POST' && c.path === '/v1/subscriptions');
    expect(create?.body.payment_behavior).toBe('default_incomplete');
    const price = stripe.calls.find((c) => c.method === 'POST' && c.path === '/v1/prices');
    expect(price?.body).toMatchObject({
      currency: 'brl',
      unit_amount: '2990',
      recurring: { interval: 'month' },
    });
    expect(await statusOf(String(res.body.subscriptionId))).toBe('incomplete');
  });

  it('a second attempt reuses the Stripe customer and the subscription awaiting payment', async () => {
    const user = await billing.as('free');
    const [first, second] = await Promise.all([
      user.post('/api/create-subscription'),
      user.post('/api/create-subscription'),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const third = await user.post('/api/create-subscription');
    expect([first.body.subscriptionId, second.body.subscriptionId]).toContain(
      third.body.subscriptionId,
    );
    const customers = await billing.runtime.db
      .selectFrom('stripe_customers')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(customers).toHaveLength(1);
  });

  it('tells a Premium user the subscription is already active (409)', async () => {
    const premium = await billing.as('premium');
    const res = await premium.post('/api/create-subscription');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(BillingMessages.alreadyPremium);
  });
});

describe('the purchase flow against the fake Stripe', () => {
  it('payment, webhooks, confirm-payment and upgrade make the user Premium and tell auth', async () => {
    const events = await collectEvents(await billing.runtime.nats.connected(), 'test-sub-changed', [
      'billing.subscription.changed.v1',
    ]);
    const user = await billing.as('free');
    const created = await user.post('/api/create-subscription');
    const subscriptionId = String(created.body.subscriptionId);
    const paymentIntentId = String(created.body.clientSecret).split('_secret_')[0]!;

    const { responses } = await stripe.payFirstInvoice(subscriptionId);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(await statusOf(subscriptionId)).toBe('active');

    const confirmed = await user.post('/api/confirm-payment', { paymentIntentId, subscriptionId });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      message: BillingMessages.paymentConfirmed,
      subscriptionStatus: 'active',
      isPremium: true,
    });
    const upgraded = await user.post('/api/subscription/upgrade', { subscriptionId });
    expect(upgraded.body).toMatchObject({ upgraded: true, message: BillingMessages.upgraded });

    const changed = await events.waitFor(
      (e) => (e.payload as { userId: string }).userId === user.userId,
    );
    expect(changed.payload).toMatchObject({ subscriptionStatus: 'active', isPremium: true });

    // Premium now: unlimited metrics and the Premium allowance, before auth even answers.
    const metrics = await user.get('/api/user-metrics');
    expect(metrics.body.limits).toMatchObject({ formattingLimit: -1, storageLimit: 10000 });

    const admin = await billing.as('admin');
    const subs = await admin.get(`/api/admin/premium-subscriptions/${user.userId}`);
    expect(subs.body).toEqual([
      expect.objectContaining({
        subscriptionId,
        isActive: true,
        paymentAmount: '29.90',
        paymentCurrency: 'BRL',
        paymentMethod: 'card',
        subscriptionType: 'premium_monthly',
      }),
    ]);
    await events.stop();
  });

  it('a replayed webhook has no second effect', async () => {
    const user = await billing.as('free');
    const created = await user.post('/api/create-subscription');
    const subscriptionId = String(created.body.subscriptionId);
    const { events } = await stripe.payFirstInvoice(subscriptionId);
    const cancelled = await stripe.cancel(subscriptionId);
    expect(await statusOf(subscriptionId)).toBe('canceled');
    // The old invoice.paid again (same event id, freshly signed): still cancelled.
    const replay = await stripe.deliver(events[0]!);
    expect(replay.status).toBe(200);
    expect(await statusOf(subscriptionId)).toBe('canceled');
    const replayCancel = await stripe.deliver(cancelled.events[0]!);
    expect(replayCancel.status).toBe(200);
    const payments = await billing.runtime.db
      .selectFrom('subscription_payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(payments).toHaveLength(1);
  });

  it('an older status never overwrites a newer one (Stripe does not promise order)', async () => {
    const user = await billing.as('free');
    const created = await user.post('/api/create-subscription');
    const subscriptionId = String(created.body.subscriptionId);
    await stripe.payFirstInvoice(subscriptionId);
    await stripe.cancel(subscriptionId);
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const late = stripe.event('customer.subscription.updated', { ...sub, status: 'active' });
    late.created = Number(late.created) - 3600;
    expect((await stripe.deliver(late)).status).toBe(200);
    expect(await statusOf(subscriptionId)).toBe('canceled');
  });

  it('a declined card keeps the user free and confirm-payment answers 402', async () => {
    const user = await billing.as('free');
    const created = await user.post('/api/create-subscription');
    const subscriptionId = String(created.body.subscriptionId);
    const paymentIntentId = String(created.body.clientSecret).split('_secret_')[0]!;
    const { responses } = await stripe.failFirstInvoice(subscriptionId);
    expect(responses[0]!.status).toBe(200);
    expect(await statusOf(subscriptionId)).toBe('incomplete');
    const confirmed = await user.post('/api/confirm-payment', { paymentIntentId, subscriptionId });
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.message).toBe(BillingMessages.paymentFailed);
    const upgraded = await user.post('/api/subscription/upgrade', { subscriptionId });
    expect(upgraded.body).toMatchObject({ upgraded: false, isPremium: false });
  });

  it('cancellation ends Premium (customer.subscription.deleted)', async () => {
    const events = await collectEvents(await billing.runtime.nats.connected(), 'test-sub-cancel', [
      'billing.subscription.changed.v1',
    ]);
    const user = await billing.as('free');
    const created = await user.post('/api/create-subscription');
    const subscriptionId = String(created.body.subscriptionId);
    await stripe.payFirstInvoice(subscriptionId);
    await stripe.cancel(subscriptionId);
    expect(await statusOf(subscriptionId)).toBe('canceled');
    await eventually(async () =>
      events.received.find(
        (e) =>
          (e.payload as { userId: string; subscriptionStatus: string }).userId === user.userId &&
          (e.payload as { subscriptionStatus: string }).subscriptionStatus === 'canceled',
      ),
    );
    const metrics = await user.get('/api/user-metrics');
    expect(metrics.body.limits).toMatchObject({ formattingLimit: 30 });
    await events.stop();
  });
});

describe('cancelling Premium (POST /api/subscription/cancel)', () => {
  const cancelOf = async (id: string) =>
    billing.runtime.db
      .selectFrom('subscriptions')
      .select(['status', 'cancel_at_period_end', 'current_period_end'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('cancels at the period end through Stripe: Premium stays until then, then ends', async () => {
    const user = await billing.as('free');
    const created = await user.post('/api/create-subscription');
    const subscriptionId = String(created.body.subscriptionId);
    await stripe.payFirstInvoice(subscriptionId);
    expect((await user.get('/api/subscription')).body).toMatchObject({
      subscription: { subscriptionId, status: 'active', isPremium: true, cancelAtPeriodEnd: false },
    });

    const cancelled = await user.post('/api/subscription/cancel');
    expect(cancelled.status).toBe(200);
    const periodEnd = stripe.subscriptions.get(subscriptionId)!.items as {
      data: { current_period_end: number }[];
    };
    const until = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(periodEnd.data[0]!.current_period_end * 1000));
    expect(cancelled.body).toEqual({
      message: `Assinatura cancelada. Você continua com o Premium até ${until}; depois disso, nenhuma nova cobrança será feita.`,
      subscription: {
        subscriptionId,
        status: 'active',
        isPremium: true,
        cancelAtPeriodEnd: true,
        currentPeriodEnd: new Date(periodEnd.data[0]!.current_period_end * 1000).toISOString(),
      },
    });
    // Stripe was asked for cancel_at_period_end, not for an immediate deletion.
    const update = stripe.calls.filter((c) => c.path === `/v1/subscriptions/${subscriptionId}`);
    expect(update.map((c) => [c.method, c.body.cancel_at_period_end])).toEqual([['POST', 'true']]);
    // Stripe's own customer.subscription.updated arrives and keeps the flag.
    await eventually(async () =>
      (
        await billing.runtime.db
          .selectFrom('stripe_events')
          .select('id')
          .where('type', '=', 'customer.subscription.updated')
          .execute()
      ).length > 0
        ? true
        : undefined,
    );
    expect(await cancelOf(subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect((await user.get('/api/user-metrics')).body.limits).toMatchObject({
      formattingLimit: -1,
    });

    // A second click: the same answer, no second call to Stripe.
    const again = await user.post('/api/subscription/cancel');
    expect(again.body.message).toBe(
      `Sua assinatura já está cancelada. O Premium continua ativo até ${until}.`,
    );
    expect(stripe.calls.filter((c) => c.path === `/v1/subscriptions/${subscriptionId}`)).toEqual(
      update,
    );

    // The period ends: Stripe deletes the subscription and Premium ends.
    const ended = await stripe.endPeriod(subscriptionId);
    expect(ended.events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect((await cancelOf(subscriptionId)).status).toBe('canceled');
    expect((await user.get('/api/subscription')).body).toEqual({
      subscription: null,
      portalAvailable: true,
    });
    expect((await user.get('/api/user-metrics')).body.limits).toMatchObject({
      formattingLimit: 30,
    });
  });

  it('an invoice.paid arriving for a canceled subscription does not grant Premium again', async () => {
    const user = await billing.as('free');
    const created = await user.post('/api/create-subscription');
    const subscriptionId = String(created.body.subscriptionId);
    await stripe.payFirstInvoice(subscriptionId);
    await stripe.cancel(subscriptionId);
    const late = await stripe.renewalPaid(subscriptionId);
    expect(late.responses[0]!.status).toBe(200);
    expect(await statusOf(subscriptionId)).toBe('canceled');
    expect((await user.get('/api/user-metrics')).body.limits).toMatchObject({
      formattingLimit: 30,
    });
  });

  it('a customer.subscription.updated that drops the cancellation (renewed in the portal) clears it', async () => {
    const user = await billing.as('free');
    const created = await user.post('/api/create-subscription');
    const subscriptionId = String(created.body.subscriptionId);
    await stripe.payFirstInvoice(subscriptionId);
    await user.post('/api/subscription/cancel');
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const { latest_invoice_id: _, ...view } = sub;
    const resumed = stripe.event('customer.subscription.updated', {
      ...view,
      cancel_at_period_end: false,
      cancel_at: null,
    });
    resumed.created = Number(resumed.created) + 5;
    expect((await stripe.deliver(resumed)).status).toBe(200);
    expect(await cancelOf(subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });
  });

  it('answers 404 with a clear message to a user without a running subscription', async () => {
    const user = await billing.as('free');
    const res = await user.post('/api/subscription/cancel');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(
      'Você não tem uma assinatura Premium ativa para cancelar. Se acredita que isso é um erro, fale com o suporte.',
    );
    expect((await user.get('/api/subscription')).body).toEqual({
      subscription: null,
      portalAvailable: false,
    });
  });
});

describe('bad input', () => {
  it('a webhook with a bad signature is refused (400) and changes nothing', async () => {
    const user = await billing.as('free');
    const created = await user.post('/api/create-subscription');
    const subscriptionId = String(created.body.subscriptionId);
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const forged = stripe.event('customer.subscription.updated', { ...sub, status: 'active' });
    const wrongSecret = stripe.sign(JSON.stringify(forged, null, 2), 'whsec_attacker');
    const res = await stripe.deliver(forged, wrongSecret);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BillingMessages.webhookSignature);
    const unsigned = await fetch(`${billing.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(unsigned.status).toBe(400);
    expect(await statusOf(subscriptionId)).toBe('incomplete');
    const recorded = await billing.runtime.db
      .selectFrom('stripe_events')
      .select('id')
      .where('id', '=', String(forged.id))
      .execute();
    expect(recorded).toHaveLength(0);
  });

  it("a payment intent that is not the caller's is refused (403)", async () => {
    const owner = await billing.as('free');
    const other = await billing.as('free');
    const mine = await other.post('/api/create-subscription');
    const theirs = await owner.post('/api/create-subscription');
    const res = await other.post('/api/confirm-payment', {
      paymentIntentId: String(theirs.body.clientSecret).split('_secret_')[0],
      subscriptionId: mine.body.subscriptionId,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(BillingMessages.paymentNotYours);
    const notMine = await other.post('/api/confirm-payment', {
      paymentIntentId: String(theirs.body.clientSecret).split('_secret_')[0],
      subscriptionId: theirs.body.subscriptionId,
    });
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe(BillingMessages.subscriptionNotFound);
  });

  it('confirm-payment validates its ids', async () => {
    const user = await billing.as('free');
    const res = await user.post('/api/confirm-payment', {
      paymentIntentId: 'x',
      subscriptionId: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/paymentIntentId|subscriptionId/);
  });
});

describe("Stripe's Customer Portal (POST /api/subscription/portal, issue 17)", () => {
  it('opens a portal session for the customer with the configuration and Minha Área as the way back', async () => {
    const user = await billing.as('free');
    expect((await user.get('/api/subscription')).body).toEqual({
      subscription: null,
      portalAvailable: false,
    });
    const none = await user.post('/api/subscription/portal');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(BillingMessages.noCustomerForPortal);

    const created = await user.post('/api/create-subscription');
    await stripe.payFirstInvoice(String(created.body.subscriptionId));
    expect((await user.get('/api/subscription')).body).toMatchObject({ portalAvailable: true });
    const res = await user.post('/api/subscription/portal');
    expect(res.status).toBe(200);
    const url = String(res.body.url);
    const sessionId = /\/p\/session\/(bps_[0-9a-f]+)$/.exec(url)?.[1];
    expect(sessionId).toBeDefined();
    // What Stripe was asked, on its real path and form encoding.
    const call = stripe.calls.filter((c) => c.path === '/v1/billing_portal/sessions').at(-1);
    const customer = stripe.portalSessions.get(sessionId!)?.customer;
    expect(call?.body).toEqual({
      customer,
      configuration: 'bpc_test_fake',
      return_url: 'https://app.exemplo.test/user',
      locale: 'pt-BR',
    });
    expect(stripe.customers.get(String(customer))?.metadata).toMatchObject({
      userId: user.userId,
    });
    // The link opens Stripe's page.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Portal do cliente');
  });

  it('without STRIPE_PORTAL_CONFIGURATION the portal is not offered (503 with a clear message)', async () => {
    const noPortal = await startBilling({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_API_URL: stripe.url,
    });
    try {
      const user = await noPortal.as('free');
      await user.post('/api/create-subscription');
      expect((await user.get('/api/subscription')).body).toMatchObject({ portalAvailable: false });
      const res = await user.post('/api/subscription/portal');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(BillingMessages.portalNotConfigured);
    } finally {
      await noPortal.close();
    }
  });
});

describe('without Stripe keys', () => {
  it('create-subscription answers 503 with a clear message and nothing is charged', async () => {
    const bare = await startBilling();
    try {
      const user = await bare.as('free');
      const res = await user.post('/api/create-subscription');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(BillingMessages.paymentsNotConfigured);
      const webhook = await fetch(`${bare.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        body: '{}',
      });
      expect(webhook.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
