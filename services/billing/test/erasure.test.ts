import { randomUUID } from 'node:crypto';
import type { UserChangedPayload } from '@pv/contracts';
import { type FakeStripe, startFakeStripe } from '@pv/provider-fakes';
import { databaseRowsContaining, eventually, testInfra } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingUnderTest, startBilling } from './harness.js';

let stripe: FakeStripe;
let billing: BillingUnderTest;

beforeAll(async () => {
  stripe = await startFakeStripe();
  billing = await startBilling(
    {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_API_URL: stripe.url,
    },
    { consumer: true },
  );
  stripe.webhookUrl = `${billing.url}/api/stripe/webhook`;
});
afterAll(async () => {
  await billing.close();
  await stripe.close();
});

const databaseUrl = () => `${testInfra.postgresUrl}/${billing.config.BILLING_DATABASE}`;

function changed(change: UserChangedPayload['change'], id: string, email: string) {
  return {
    change,
    user: {
      id,
      firstName: 'Ana',
      lastName: 'Souza',
      fullName: 'Ana Souza',
      email,
      isAdmin: false,
      isPremium: false,
      userStatus: 'active' as const,
      specialty: null,
      createdAt: new Date().toISOString(),
      lastLoginAt: null,
    },
  };
}

describe('erasure of a deleted user (LGPD art. 18)', () => {
  it('cancels the Stripe subscription, deletes the customer and leaves no trace but the payment', async () => {
    const user = await billing.as('free');
    const email = `${user.userId.slice(0, 8)}@clinica.test`;
    await billing.emit('auth.user.changed.v1', changed('registered', user.userId, email));
    await billing.emit('auth.user.logged-in.v1', {
      userId: user.userId,
      ipAddress: '10.0.0.9',
      userAgent: 'x',
    });
    const created = await user.post('/api/create-subscription');
    expect(created.status).toBe(200);
    const subscriptionId = String(created.body.subscriptionId);
    await stripe.payFirstInvoice(subscriptionId);
    await eventually(async () => (await databaseRowsContaining(databaseUrl(), email)).length > 0);
    const customerId = String(stripe.subscriptions.get(subscriptionId)?.customer);
    expect(stripe.customers.has(customerId)).toBe(true);

    await billing.emit('auth.user.changed.v1', changed('deleted', user.userId, email));

    await eventually(
      async () => (await databaseRowsContaining(databaseUrl(), user.userId)).length === 0,
      15_000,
    );
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(stripe.customers.has(customerId)).toBe(false);
    expect(
      stripe.calls.some((c) => c.method === 'DELETE' && c.path === `/v1/customers/${customerId}`),
    ).toBe(true);
    expect(await databaseRowsContaining(databaseUrl(), email)).toEqual([]);
    // The paid invoice stays as a fiscal record, naming no one.
    const payments = await billing.db
      .selectFrom('subscription_payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]?.user_id).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('a late event about the erased user brings nothing back (tombstone)', async () => {
    const userId = randomUUID();
    const email = `${userId.slice(0, 8)}@clinica.test`;
    const earlier = new Date(Date.now() - 60_000);
    await billing.emit('auth.user.changed.v1', changed('deleted', userId, email));
    await eventually(
      async () =>
        (await billing.db.selectFrom('erased_users').select('user_key').execute()).length >= 2,
    );
    // Older events delivered after the delete: an update, a login, a consult.
    await billing.emit('auth.user.changed.v1', changed('updated', userId, email), earlier);
    await billing.emit(
      'auth.user.logged-in.v1',
      { userId, ipAddress: '10.0.0.9', userAgent: 'x' },
      earlier,
    );
    // Events are applied in order: once a later one is counted, the late ones were handled.
    const other = randomUUID();
    await billing.emit('auth.user.logged-in.v1', {
      userId: other,
      ipAddress: '10.0.0.8',
      userAgent: 'x',
    });
    await eventually(
      async () => (await databaseRowsContaining(databaseUrl(), other)).length > 0,
      10_000,
    );
    expect(await databaseRowsContaining(databaseUrl(), userId)).toEqual([]);
    expect(await databaseRowsContaining(databaseUrl(), email)).toEqual([]);
  });
});
