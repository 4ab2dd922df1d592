import { BillingMessages } from '@pv/contracts';
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
