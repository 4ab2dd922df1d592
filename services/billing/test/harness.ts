import { randomBytes } from 'node:crypto';
import { buildDocumentsApp } from '@pv/documents';
import { type DocumentsConfig, loadDocumentsConfig } from '@pv/documents/config';
import { openDocuments } from '@pv/documents/runtime';
import { buildFormattingApp } from '@pv/formatting';
import { type FormattingConfig, loadFormattingConfig } from '@pv/formatting/config';
import { openFormatting } from '@pv/formatting/runtime';
import { startFormattingWorker } from '@pv/formatting/worker';
import { JobQueue } from '@pv/service-kit/jobs';
import {
  urlOf as addressOf,
  createTestDatabase,
  startServiceUnderTest,
  testInfra,
} from '@pv/service-kit/testing';
import { buildBillingApp } from '../src/app.js';
import { loadBillingConfig } from '../src/config.js';
import { startUsageConsumer } from '../src/events/usage-consumer.js';
import { openBilling } from '../src/runtime.js';
import { stripeFrom } from '../src/stripe/stripe-client.js';

export type { TestRole as Role } from '@pv/service-kit/testing';
export { Client, urlOf } from '@pv/service-kit/testing';

/**
 * The real billing service (the kit's service under test), so its counters see only this file's
 * events. `env` adds Stripe / Soniox settings pointing at fakes.
 */
export function startBilling(
  env: Record<string, string> = {},
  options: { consumer?: boolean } = {},
) {
  return startServiceUnderTest({
    name: 'billing',
    databaseVariable: 'BILLING_DATABASE',
    loadConfig: loadBillingConfig,
    open: openBilling,
    build: (config, runtime) =>
      buildBillingApp({
        config,
        runtime,
        logger: false,
        redisKeyPrefix: `pv:test:billing:${randomBytes(5).toString('hex')}:`,
      }),
    consumer: (nc, runtime, config) =>
      startUsageConsumer(nc, {
        db: runtime.db,
        durable: config.BILLING_CONSUMER,
        log: runtime.log,
        stripe: stripeFrom(config)?.stripe ?? null,
      }),
    env,
    startConsumer: options.consumer ?? false,
  });
}

export type BillingUnderTest = Awaited<ReturnType<typeof startBilling>>;

/** Something a documents stand-in runs beside the app (a pdf-worker), closed after the app. */
export interface Closable {
  close(): Promise<unknown>;
}

/**
 * The real documents service, on its own database and PDF queue, calling this billing for its
 * quotas and publishing on billing's NATS: how billing's limits are enforced in production.
 * `worker` starts what renders its PDFs (none: documents that need no PDF).
 */
export async function startDocumentsFor(
  billing: BillingUnderTest,
  options: {
    database: string;
    env?: Record<string, string>;
    worker?: (config: DocumentsConfig) => Promise<Closable>;
  },
): Promise<{ url: string; close(): Promise<void> }> {
  const database = await createTestDatabase(options.database);
  const config = loadDocumentsConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: billing.nats.url,
    DOCUMENTS_DATABASE: database.name,
    PDF_QUEUE: `test-pdf-${database.name.replace(/_/g, '-')}`,
    SESSION_PUBLIC_KEY: billing.keys.publicKey,
    BILLING_URL: billing.url,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const runtime = await openDocuments(config);
  const queue = new JobQueue(config.PDF_QUEUE, config.REDIS_URL);
  await queue.ready();
  const worker = await options.worker?.(config);
  const app = await buildDocumentsApp({ config, runtime, queue, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: addressOf(app),
    async close() {
      await app.close();
      await worker?.close();
      await queue.queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await runtime.close();
      await database.drop();
    },
  };
}

/** The real formatting service, verifying the same sessions, asking `billingUrl` for quota. */
export async function startFormattingFor(
  billing: BillingUnderTest,
  billingUrl: string | undefined,
  withWorker = true,
) {
  const database = await createTestDatabase('billing_fmt');
  const config: FormattingConfig = loadFormattingConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: billing.nats.url,
    FORMATTING_DATABASE: database.name,
    FORMATTING_QUEUE: `test-${database.name.replace(/_/g, '-')}`,
    SESSION_PUBLIC_KEY: billing.keys.publicKey,
    LOG_LEVEL: 'silent',
    FORMATTING_WORKER_CONCURRENCY: '16',
    ...(billingUrl ? { BILLING_URL: billingUrl } : {}),
  });
  const runtime = await openFormatting(config);
  const queue = new JobQueue(config.FORMATTING_QUEUE, config.REDIS_URL);
  await queue.ready();
  const worker = withWorker ? await startFormattingWorker(config) : undefined;
  const app = await buildFormattingApp({
    config,
    runtime,
    queue,
    logger: false,
    redisKeyPrefix: `pv:test:${database.name}:`,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: addressOf(app),
    async close() {
      await app.close();
      await worker?.close();
      await queue.queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await runtime.close();
      await database.drop();
    },
  };
}
