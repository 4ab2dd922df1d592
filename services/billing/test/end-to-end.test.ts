import { randomBytes } from 'node:crypto';
import { buildAuthApp } from '@pv/auth';
import { loadAuthConfig } from '@pv/auth/config';
import { openAuth } from '@pv/auth/runtime';
import { startSubscriptionConsumer } from '@pv/auth/subscription-consumer';
import { EmailMessages } from '@pv/contracts';
import { buildGatewayApp, loadGatewayConfig } from '@pv/gateway';
import {
  confirmationTokenOf,
  type FakeSmtp,
  type FakeStripe,
  startFakeSmtp,
  startFakeStripe,
} from '@pv/provider-fakes';
import type { DurableSubscription } from '@pv/service-kit/events';
import { createRedis } from '@pv/service-kit/runtime';
import { Client, createTestDatabase, eventually, scaled, testInfra } from '@pv/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingUnderTest, startBilling, urlOf } from './harness.js';

// The purchase as the subscribe page makes it: through the real gateway, with the real auth
// service consuming billing's event, against the fake Stripe.
let stripe: FakeStripe;
let mail: FakeSmtp;
let billing: BillingUnderTest;
let auth: FastifyInstance;
let gateway: FastifyInstance;
let closeAuth: () => Promise<void>;
let consumer: DurableSubscription;
const redis = createRedis(testInfra.redisUrl);

beforeAll(async () => {
  stripe = await startFakeStripe();
  billing = await startBilling({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_API_URL: stripe.url,
  });
  mail = await startFakeSmtp();
  const authDb = await createTestDatabase('billing_auth');
  const authConfig = loadAuthConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: billing.nats.url,
    AUTH_DATABASE: authDb.name,
    SESSION_PUBLIC_KEY: billing.keys.publicKey,
    SESSION_PRIVATE_KEY: billing.keys.privateKey,
    ADMIN_EMAIL: 'operacoes@clinica.test',
    ADMIN_PASSWORD: 'Sala-de-Operac0es-7!',
    SMTP_URL: mail.url,
    LOG_LEVEL: 'silent',
  });
  const runtime = await openAuth(authConfig);
  auth = await buildAuthApp({ config: authConfig, runtime, logger: false });
  await auth.listen({ port: 0, host: '127.0.0.1' });
  consumer = await startSubscriptionConsumer(await runtime.nats.connected(), runtime);
  closeAuth = async () => {
    await consumer.stop();
    await auth.close();
    await runtime.close();
    await authDb.drop();
  };
  gateway = await buildGatewayApp(
    loadGatewayConfig({
      REDIS_URL: testInfra.redisUrl,
      AUTH_URL: urlOf(auth),
      BILLING_URL: billing.url,
      RATE_LIMIT_AUTH_MAX: '100000',
      LOG_LEVEL: 'silent',
    }),
    { redis, logger: false, redisKeyPrefix: `pv:test:${randomBytes(4).toString('hex')}:` },
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  stripe.webhookUrl = `${urlOf(gateway)}/api/stripe/webhook`;
}, scaled(60_000));

afterAll(async () => {
  await gateway.close();
  redis.disconnect();
  await closeAuth();
  await billing.close();
  await stripe.close();
  await mail.close();
});

describe('Premium purchase through the gateway', () => {
  it(
    'sign-up, subscription, card payment (webhook through the gateway), confirm, upgrade: /auth/user is Premium',
    async () => {
      const browser = new Client(urlOf(gateway));
      const email = `bruna.${randomBytes(4).toString('hex')}@clinica.test`;
      const registered = await browser.post('/auth/register', {
        firstName: 'Bruna',
        lastName: 'Lima',
        email,
        password: 'Segredo-forte-1',
      });
      expect(registered.status).toBe(201);
      expect((await browser.get('/auth/user')).body).toMatchObject({
        isPremium: false,
        subscriptionStatus: null,
      });
      // Issue 23 item 1: no checkout before the e-mail is confirmed; the mailed link opens it.
      const early = await browser.post('/api/create-subscription');
      expect(early.status).toBe(403);
      expect(early.body).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
        message: EmailMessages.notVerified,
      });
      const token = confirmationTokenOf(await mail.waitForMail(email));
      expect((await browser.post('/auth/email/confirm', { token })).status).toBe(200);

      const created = await browser.post('/api/create-subscription');
      expect(created.status).toBe(200);
      const subscriptionId = String(created.body.subscriptionId);
      const paymentIntentId = String(created.body.clientSecret).split('_secret_')[0]!;

      const paid = await stripe.payFirstInvoice(subscriptionId);
      expect(paid.responses.map((r) => r.status)).toEqual([200, 200]);

      const confirmed = await browser.post('/api/confirm-payment', {
        paymentIntentId,
        subscriptionId,
      });
      expect(confirmed.body).toMatchObject({ isPremium: true, subscriptionStatus: 'active' });
      const upgraded = await browser.post('/api/subscription/upgrade', { subscriptionId });
      expect(upgraded.body).toMatchObject({ upgraded: true });

      const user = await eventually(async () => {
        const body = (await browser.get('/auth/user')).body;
        return body.isPremium === true ? body : null;
      });
      expect(user).toMatchObject({ isPremium: true, subscriptionStatus: 'active' });
      // The session itself says Premium now: billing gives the Premium allowance and limits.
      const metrics = await browser.get('/api/user-metrics');
      expect(metrics.body.limits).toMatchObject({ formattingLimit: -1, pdfLimit: -1 });

      await stripe.cancel(subscriptionId);
      await eventually(async () => (await browser.get('/auth/user')).body.isPremium === false);
      expect((await browser.get('/auth/user')).body).toMatchObject({
        subscriptionStatus: 'canceled',
      });
    },
    scaled(30_000),
  );

  it('/internal is not reachable through the gateway', async () => {
    const browser = new Client(urlOf(gateway));
    const res = await browser.post('/internal/quota/consume', {
      kind: 'pdf',
      reservationId: crypto.randomUUID(),
    });
    expect(res.status).toBe(404);
  });
});
