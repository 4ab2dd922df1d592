import { natsCredentialsOf, openRuntime, type ServiceRuntime } from '@pv/service-kit/runtime';
import type { SupportConfig } from './config.js';
import { supportMigrations } from './db/migrations/index.js';
import type { SupportDatabase } from './db/schema.js';

/** Opens the support database (created and migrated), Redis, NATS and the outbox relay. */
export function openSupport(config: SupportConfig): Promise<ServiceRuntime<SupportDatabase>> {
  return openRuntime<SupportDatabase>({
    service: 'support',
    database: config.SUPPORT_DATABASE,
    postgresUrl: config.POSTGRES_URL,
    redisUrl: config.REDIS_URL,
    natsUrl: config.NATS_URL,
    natsCredentials: natsCredentialsOf(config),
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    migrations: supportMigrations,
    logLevel: config.LOG_LEVEL,
    outboxRetentionSeconds: config.OUTBOX_RETENTION_SECONDS,
  });
}
