import { randomBytes } from 'node:crypto';
import { buildAnalyticsApp } from '@pv/analytics';
import { loadAnalyticsConfig } from '@pv/analytics/config';
import { openAnalytics } from '@pv/analytics/runtime';
import { buildAuthApp } from '@pv/auth';
import { loadAuthConfig } from '@pv/auth/config';
import { openAuth } from '@pv/auth/runtime';
import { buildBillingApp } from '@pv/billing';
import { loadBillingConfig } from '@pv/billing/config';
import { openBilling } from '@pv/billing/runtime';
import { buildDocumentsApp, startPdfWorker } from '@pv/documents';
import { loadDocumentsConfig } from '@pv/documents/config';
import { openDocuments } from '@pv/documents/runtime';
import { buildFormattingApp } from '@pv/formatting';
import { loadFormattingConfig } from '@pv/formatting/config';
import { openFormatting } from '@pv/formatting/runtime';
import { buildGatewayApp, loadGatewayConfig } from '@pv/gateway';
import { startFakeSoniox, startFakeStripe } from '@pv/provider-fakes';
import { createRedis, JobQueue } from '@pv/service-kit';
import {
  createTestDatabase,
  startServiceUnderTest,
  testInfra,
  testSessionKeys,
  urlOf,
} from '@pv/service-kit/testing';
import { buildSupportApp } from '@pv/support';
import { loadSupportConfig } from '@pv/support/config';
import { openSupport } from '@pv/support/runtime';
import { buildVaultApp } from '@pv/vault';
import { loadVaultConfig } from '@pv/vault/config';
import { openVault } from '@pv/vault/runtime';
import type { FastifyInstance } from 'fastify';

export const ADMIN = { email: 'operacoes@clinica.test', password: 'Operac0es!' };

/**
 * The product as a browser reaches it: the real gateway in front of every service written so
 * far, each on real Postgres, Redis and NATS. Services join here as their issues land.
 */
export async function startStack() {
  const keys = testSessionKeys();
  // Every service verifies the same sessions and shares the test infrastructure's NATS.
  const shared = { nats: true, keys } as const;
  const authDb = await createTestDatabase('sys_auth');
  const authConfig = loadAuthConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: testInfra.natsUrl,
    AUTH_DATABASE: authDb.name,
    SESSION_PUBLIC_KEY: keys.publicKey,
    SESSION_PRIVATE_KEY: keys.privateKey,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
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

  // Billing with local fakes of Stripe and Soniox, so its routes answer as when configured.
  const fakeStripe = await startFakeStripe();
  const fakeSoniox = await startFakeSoniox();
  const billingService = await startServiceUnderTest({
    name: 'sys_billing',
    databaseVariable: 'BILLING_DATABASE',
    loadConfig: loadBillingConfig,
    open: openBilling,
    build: (config, runtime) => buildBillingApp({ config, runtime, logger: false }),
    env: {
      STRIPE_SECRET_KEY: fakeStripe.secretKey,
      STRIPE_WEBHOOK_SECRET: fakeStripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: fakeStripe.publishableKey,
      STRIPE_API_URL: fakeStripe.url,
      SONIOX_API_KEY: fakeSoniox.apiKey,
      SONIOX_API_URL: fakeSoniox.url,
    },
    shared,
  });
  const billing = billingService.app;
  fakeStripe.webhookUrl = `${urlOf(billing)}/api/stripe/webhook`;

  const formattingDb = await createTestDatabase('sys_formatting');
  const formattingConfig = loadFormattingConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: testInfra.natsUrl,
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

  // Documents offline (no LLM), with its pdf-worker in this process.
  const documentsDb = await createTestDatabase('sys_documents');
  const documentsConfig = loadDocumentsConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: testInfra.natsUrl,
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

  // Support, analytics and vault without their consumers: their events' tests live in each service.
  const [supportService, analyticsService, vaultService] = await Promise.all([
    startServiceUnderTest({
      name: 'sys_support',
      databaseVariable: 'SUPPORT_DATABASE',
      loadConfig: loadSupportConfig,
      open: openSupport,
      build: (config, runtime) =>
        buildSupportApp({
          config,
          runtime,
          logger: false,
          redisKeyPrefix: `pv:test:support:${randomBytes(5).toString('hex')}:`,
        }),
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
      env: {
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
    async close() {
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
