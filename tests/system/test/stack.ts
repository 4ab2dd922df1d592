import { randomBytes } from 'node:crypto';
import { buildAnalyticsApp } from '@pv/analytics';
import { loadAnalyticsConfig } from '@pv/analytics/config';
import { startAnalyticsConsumer } from '@pv/analytics/consumer';
import { openAnalytics } from '@pv/analytics/runtime';
import { buildAuthApp, startAuditConsumer } from '@pv/auth';
import { loadAuthConfig } from '@pv/auth/config';
import { openAuth } from '@pv/auth/runtime';
import { buildBillingApp } from '@pv/billing';
import { loadBillingConfig } from '@pv/billing/config';
import { openBilling } from '@pv/billing/runtime';
import { stripeFrom } from '@pv/billing/stripe-client';
import { startUsageConsumer } from '@pv/billing/usage-consumer';
import { buildDocumentsApp, startPdfWorker, startProfessionalConsumer } from '@pv/documents';
import { loadDocumentsConfig } from '@pv/documents/config';
import { openDocuments } from '@pv/documents/runtime';
import { buildFormattingApp } from '@pv/formatting';
import { loadFormattingConfig } from '@pv/formatting/config';
import { openFormatting } from '@pv/formatting/runtime';
import { startUserErasureConsumer as startFormattingErasure } from '@pv/formatting/user-erasure-consumer';
import { startFormattingWorker } from '@pv/formatting/worker';
import { buildGatewayApp, loadGatewayConfig } from '@pv/gateway';
import {
  confirmationTokenOf,
  type FakeSmtp,
  startFakeSmtp,
  startFakeSoniox,
  startFakeStripe,
} from '@pv/provider-fakes';
import { deleteDurable } from '@pv/service-kit/events';
import { JobQueue } from '@pv/service-kit/jobs';
import { createRedis } from '@pv/service-kit/runtime';
import {
  createTestDatabase,
  startPrivateNats,
  startServiceUnderTest,
  TEST_ADMIN_TOTP_SECRET,
  testInfra,
  testSessionKeys,
  urlOf,
  withTotp,
} from '@pv/service-kit/testing';
import { buildSupportApp } from '@pv/support';
import { loadSupportConfig } from '@pv/support/config';
import { startUserErasureConsumer as startSupportErasure } from '@pv/support/consumer';
import { openSupport } from '@pv/support/runtime';
import { buildVaultApp } from '@pv/vault';
import { loadVaultConfig } from '@pv/vault/config';
import { startConsultConsumer } from '@pv/vault/consumer';
import { openVault } from '@pv/vault/runtime';
import type { FastifyInstance } from 'fastify';

export const ADMIN = { email: 'operacoes@clinica.test', password: 'Sala-de-Operac0es-7!' };

export interface StackOptions {
  /**
   * Events flow as in production: every durable consumer and the formatting worker run, on a
   * NATS server of this stack's own (so the consumers read only this stack's events).
   */
  events?: boolean;
  /** Settings for every service over the defaults (e.g. OUTBOX_RETENTION_SECONDS). */
  env?: Record<string, string>;
}

/**
 * The product as a browser reaches it: the real gateway in front of every service written so
 * far, each on real Postgres, Redis and NATS. Services join here as their issues land.
 */
export async function startStack(options: StackOptions = {}) {
  const keys = testSessionKeys();
  const ownNats = options.events ? await startPrivateNats() : undefined;
  const natsUrl = ownNats?.url ?? testInfra.natsUrl;
  const extra = { ...options.env, NATS_URL: natsUrl };
  // Every service verifies the same sessions and shares one NATS (the test infrastructure's,
  // unless the stack runs its events on its own).
  const shared = { nats: true, keys } as const;
  const consumers: { stop(): Promise<void> }[] = [];
  const authDb = await createTestDatabase('sys_auth');
  // Auth's mail goes to a real SMTP peer the tests read (issue 23 item 1: confirmation links).
  const mail = await startFakeSmtp();
  const authConfig = loadAuthConfig({
    ...extra,
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: natsUrl,
    AUTH_DATABASE: authDb.name,
    SESSION_PUBLIC_KEY: keys.publicKey,
    SESSION_PRIVATE_KEY: keys.privateKey,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The admin signs in with the authenticator's code of the moment (withTotp(ADMIN)).
    ADMIN_TOTP_SECRET: TEST_ADMIN_TOTP_SECRET,
    // Seals the council-card evidence of the staff review (issue 23), as npm start makes one.
    VERIFICATION_EVIDENCE_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: mail.url,
    LOG_LEVEL: 'silent',
  });
  const runtime = await openAuth(authConfig);
  const auth = await buildAuthApp({
    config: authConfig,
    runtime,
    logger: false,
    redisKeyPrefix: `pv:test:auth:${randomBytes(5).toString('hex')}:`,
  });
  await auth.listen({ port: 0, host: '127.0.0.1' });
  // Auth keeps the staff-access audit trail every service records.
  if (options.events)
    consumers.push(runtime.nats.startConsumer((nc) => startAuditConsumer(nc, runtime)));

  // Billing with local fakes of Stripe and Soniox, so its routes answer as when configured.
  const fakeStripe = await startFakeStripe();
  const fakeSoniox = await startFakeSoniox();
  const billingService = await startServiceUnderTest({
    name: 'sys_billing',
    databaseVariable: 'BILLING_DATABASE',
    loadConfig: loadBillingConfig,
    open: openBilling,
    build: (config, runtime) => buildBillingApp({ config, runtime, logger: false }),
    consumer: (nc, runtime, config) =>
      startUsageConsumer(nc, {
        db: runtime.db,
        durable: config.BILLING_CONSUMER,
        log: runtime.log,
        stripe: stripeFrom(config)?.stripe ?? null,
      }),
    startConsumer: options.events ?? false,
    env: {
      ...extra,
      STRIPE_SECRET_KEY: fakeStripe.secretKey,
      STRIPE_WEBHOOK_SECRET: fakeStripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: fakeStripe.publishableKey,
      STRIPE_API_URL: fakeStripe.url,
      // The fake's one Customer Portal configuration: the portal route is offered (issue 17).
      STRIPE_PORTAL_CONFIGURATION: 'bpc_test_fake',
      SONIOX_API_KEY: fakeSoniox.apiKey,
      SONIOX_API_URL: fakeSoniox.url,
    },
    shared,
  });
  const billing = billingService.app;
  fakeStripe.webhookUrl = `${urlOf(billing)}/api/stripe/webhook`;

  const formattingDb = await createTestDatabase('sys_formatting');
  const formattingConfig = loadFormattingConfig({
    ...extra,
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: natsUrl,
    FORMATTING_DATABASE: formattingDb.name,
    FORMATTING_QUEUE: `test-${formattingDb.name.replace(/_/g, '-')}`,
    SESSION_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'silent',
    BILLING_URL: urlOf(billing),
  });
  const formattingRuntime = await openFormatting(formattingConfig);
  const formattingQueue = new JobQueue(
    formattingConfig.FORMATTING_QUEUE,
    formattingConfig.REDIS_URL,
  );
  const formatting = await buildFormattingApp({
    config: formattingConfig,
    runtime: formattingRuntime,
    queue: formattingQueue,
    logger: false,
    redisKeyPrefix: `pv:test:${formattingDb.name}:`,
  });
  await formatting.listen({ port: 0, host: '127.0.0.1' });
  const formattingWorker = options.events
    ? await startFormattingWorker(formattingConfig)
    : undefined;
  if (options.events)
    consumers.push(
      formattingRuntime.nats.startConsumer((nc) =>
        startFormattingErasure(nc, {
          db: formattingRuntime.db,
          durable: formattingConfig.FORMATTING_CONSUMER,
          log: formattingRuntime.log,
        }),
      ),
    );

  // Documents offline (no LLM), with its pdf-worker in this process.
  const documentsDb = await createTestDatabase('sys_documents');
  const documentsConfig = loadDocumentsConfig({
    ...extra,
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: natsUrl,
    DOCUMENTS_DATABASE: documentsDb.name,
    PDF_QUEUE: `test-${documentsDb.name.replace(/_/g, '-')}`,
    SESSION_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'silent',
    BILLING_URL: urlOf(billing),
    // Every anonymous call comes from this machine through the gateway: roomy visitor limits.
    ANON_DOCUMENTS_MAX_PER_HOUR: '10000',
    ANON_PRESCRIPTIONS_MAX_PER_HOUR: '10000',
    ANON_PDFS_MAX_PER_HOUR: '10000',
    ANON_EXTRACT_MAX_PER_HOUR: '10000',
  });
  const documentsRuntime = await openDocuments(documentsConfig);
  const pdfWorker = await startPdfWorker(documentsConfig);
  const documentsQueue = new JobQueue(documentsConfig.PDF_QUEUE, documentsConfig.REDIS_URL);
  const documents = await buildDocumentsApp({
    config: documentsConfig,
    runtime: documentsRuntime,
    queue: documentsQueue,
    logger: false,
    redisKeyPrefix: `pv:test:${documentsDb.name}:`,
  });
  await documents.listen({ port: 0, host: '127.0.0.1' });
  // Its professionals' projection follows auth through the shared NATS (the header of every
  // document); a durable of this stack's own, removed on close.
  const documentsDurable = `sys-documents-${randomBytes(4).toString('hex')}`;
  const professionals = documentsRuntime.nats.startConsumer((nc) =>
    startProfessionalConsumer(nc, {
      db: documentsRuntime.db,
      durable: documentsDurable,
      log: documentsRuntime.log,
    }),
  );

  // Support, analytics and vault run their consumers only with `events` (their events' tests
  // otherwise live in each service).
  const supportPrefix = `pv:test:support:${randomBytes(5).toString('hex')}:`;
  const [supportService, analyticsService, vaultService] = await Promise.all([
    startServiceUnderTest({
      name: 'sys_support',
      databaseVariable: 'SUPPORT_DATABASE',
      loadConfig: loadSupportConfig,
      open: openSupport,
      build: (config, runtime) =>
        buildSupportApp({ config, runtime, logger: false, redisKeyPrefix: supportPrefix }),
      consumer: (nc, runtime, config) =>
        startSupportErasure(nc, {
          db: runtime.db,
          durable: config.SUPPORT_CONSUMER,
          log: runtime.log,
          limits: { redis: runtime.redis, keyPrefix: supportPrefix },
        }),
      startConsumer: options.events ?? false,
      env: extra,
      shared,
    }),
    startServiceUnderTest({
      name: 'sys_analytics',
      databaseVariable: 'ANALYTICS_DATABASE',
      loadConfig: loadAnalyticsConfig,
      open: openAnalytics,
      build: (config, runtime) =>
        buildAnalyticsApp({
          config,
          runtime,
          logger: false,
          redisKeyPrefix: `pv:test:analytics:${randomBytes(5).toString('hex')}:`,
        }),
      consumer: (nc, runtime, config) =>
        startAnalyticsConsumer(nc, {
          db: runtime.db,
          durable: config.ANALYTICS_CONSUMER,
          log: runtime.log,
        }),
      startConsumer: options.events ?? false,
      env: extra,
      shared,
    }),
    startServiceUnderTest({
      name: 'sys_vault',
      databaseVariable: 'VAULT_DATABASE',
      loadConfig: loadVaultConfig,
      open: openVault,
      build: (config, runtime) =>
        buildVaultApp({
          config,
          runtime,
          logger: false,
          redisKeyPrefix: `pv:test:vault:${randomBytes(5).toString('hex')}:`,
        }),
      consumer: (nc, runtime, config) =>
        startConsultConsumer(nc, {
          db: runtime.db,
          hmacSecret: config.VAULT_HMAC_SECRET,
          durable: config.VAULT_CONSUMER,
          log: runtime.log,
        }),
      startConsumer: options.events ?? false,
      env: {
        ...extra,
        VAULT_HMAC_SECRET: randomBytes(32).toString('hex'),
        VAULT_ADMIN_KEY: randomBytes(32).toString('hex'),
      },
      shared,
    }),
  ]);
  const support = supportService.app;
  const analytics = analyticsService.app;
  const vault = vaultService.app;

  const redis = createRedis(testInfra.redisUrl);
  const gateway = await buildGatewayApp(
    loadGatewayConfig({
      REDIS_URL: testInfra.redisUrl,
      AUTH_URL: urlOf(auth),
      FORMATTING_URL: urlOf(formatting),
      DOCUMENTS_URL: urlOf(documents),
      BILLING_URL: urlOf(billing),
      SUPPORT_URL: urlOf(support),
      ANALYTICS_URL: urlOf(analytics),
      VAULT_URL: urlOf(vault),
      RATE_LIMIT_AUTH_MAX: '100000',
      LOG_LEVEL: 'silent',
    }),
    { redis, logger: false, redisKeyPrefix: `pv:test:${randomBytes(4).toString('hex')}:` },
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });

  return {
    url: urlOf(gateway),
    services: { auth, formatting, billing, documents, support, analytics, vault } as Record<
      string,
      FastifyInstance
    >,
    /** Every service's database, by service, as Postgres URLs (to scan for personal data). */
    databases: Object.fromEntries(
      [
        ['auth', authDb.name],
        ['formatting', formattingDb.name],
        ['documents', documentsDb.name],
        ['billing', billingService.config.BILLING_DATABASE],
        ['support', supportService.config.SUPPORT_DATABASE],
        ['analytics', analyticsService.config.ANALYTICS_DATABASE],
        ['vault', vaultService.config.VAULT_DATABASE],
      ].map(([service, name]) => [service, `${testInfra.postgresUrl}/${name}`]),
    ) as Record<string, string>,
    fakeStripe,
    /** What auth mailed (confirmation links): `confirmEmail(stack, email)` follows one. */
    mail,
    async close() {
      for (const consumer of consumers) await consumer.stop();
      await formattingWorker?.close();
      await gateway.close();
      redis.disconnect();
      await auth.close();
      await runtime.close();
      await authDb.drop();
      await formatting.close();
      await formattingQueue.queue.obliterate({ force: true }).catch(() => undefined);
      await formattingQueue.close();
      await formattingRuntime.close();
      await formattingDb.drop();
      await professionals.stop();
      await deleteDurable(await documentsRuntime.nats.connected(), documentsDurable);
      await documents.close();
      await pdfWorker.close();
      await documentsQueue.queue.obliterate({ force: true }).catch(() => undefined);
      await documentsQueue.close();
      await documentsRuntime.close();
      await documentsDb.drop();
      for (const service of [supportService, analyticsService, vaultService, billingService]) {
        await service.close();
      }
      await fakeStripe.close();
      await fakeSoniox.close();
      await mail.close();
      await ownNats?.stop();
    },
  };
}

/** A cookie-keeping client, as a browser page calls the API. */
export class Browser {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('pv_session='));
    if (setCookie)
      this.cookie = setCookie.split(';')[0] === 'pv_session=' ? '' : setCookie.split(';')[0]!;
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { raw: text };
    }
    return {
      status: response.status,
      body: json as Record<string, unknown> & { message?: string },
    };
  }
}

/**
 * Issue 23 item 1: confirms an account's e-mail through the real flow: the link auth mailed to
 * `email`, read from the stack's SMTP catcher, posted as the workspace's confirmation page does.
 * Sessions of the account learn it at once.
 */
export async function confirmEmail(stack: { url: string; mail: FakeSmtp }, email: string) {
  const token = confirmationTokenOf(await stack.mail.waitForMail(email));
  const confirmed = await new Browser(stack.url).call('POST', '/auth/email/confirm', { token });
  if (confirmed.status !== 200) throw new Error(`e-mail confirmation: ${confirmed.status}`);
}

/**
 * Issue 23: a signed-in professional who confirmed the e-mail and whose registry and CPF the
 * stack's admin approved (an RCE and a signature need both). Resolves once documents' projection
 * has the approval (the PDF route no longer answers PROFESSIONAL_NOT_VERIFIED).
 */
export async function verifiedProfessional(stack: {
  url: string;
  mail: FakeSmtp;
}): Promise<Browser> {
  const baseUrl = stack.url;
  const user = new Browser(baseUrl);
  const email = `caio.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@clinica.test`;
  const signUp = await user.call('POST', '/auth/register', {
    firstName: 'Caio',
    lastName: 'Brandão',
    email,
    password: 'Segredo-forte-1',
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status}`);
  await confirmEmail(stack, email);
  const userId = (signUp.body.user as { id: string }).id;
  const saved = await user.call('PUT', '/api/profile', {
    fullName: 'Dr. Caio Brandão',
    professionalRegistry: 'CRM',
    registryNumber: '4321',
    registryUf: 'MG',
    cpf: '52998224725',
  });
  if (saved.status !== 200) throw new Error(`profile: ${saved.status}`);
  const admin = new Browser(baseUrl);
  await admin.call('POST', '/auth/login', withTotp(ADMIN));
  const approved = await admin.call('POST', `/api/admin/verifications/${userId}/approve`, {});
  if (approved.status !== 200) throw new Error(`approval: ${approved.status}`);
  for (let attempt = 0; attempt < 120; attempt++) {
    const me = await user.call('POST', '/api/generate-text-document', {
      content: 'x',
      title: 'Atestado',
    });
    if (me.status === 200 && !String(me.body.raw ?? '').includes('não verificada')) return user;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the approval did not reach documents');
}
