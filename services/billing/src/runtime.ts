import { natsCredentialsOf, openRuntime, type ServiceRuntime } from '@pv/service-kit/runtime';
import type { BillingConfig } from './config.js';
import { billingMigrations } from './db/migrations/index.js';
import type { BillingDatabase } from './db/schema.js';

/** Opens the billing database (created and migrated), Redis, NATS and the outbox relay. */
export function openBilling(config: BillingConfig): Promise<ServiceRuntime<BillingDatabase>> {
  return openRuntime<BillingDatabase>({
    service: 'billing',
    database: config.BILLING_DATABASE,
    postgresUrl: config.POSTGRES_URL,
    redisUrl: config.REDIS_URL,
    natsUrl: config.NATS_URL,
    natsCredentials: natsCredentialsOf(config),
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    migrations: billingMigrations,
    logLevel: config.LOG_LEVEL,
    outboxRetentionSeconds: config.OUTBOX_RETENTION_SECONDS,
  });
}
