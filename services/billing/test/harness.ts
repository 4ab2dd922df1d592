import { randomBytes } from 'node:crypto';
import { startServiceUnderTest } from '@pv/service-kit/testing';
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
