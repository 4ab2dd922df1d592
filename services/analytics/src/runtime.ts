import { natsCredentialsOf, openRuntime, type ServiceRuntime } from '@pv/service-kit/runtime';
import type { AnalyticsConfig } from './config.js';
import { analyticsMigrations } from './db/migrations/index.js';
import type { AnalyticsDatabase } from './db/schema.js';

/** Opens the analytics database (created and migrated), Redis, NATS and the outbox relay. */
export function openAnalytics(config: AnalyticsConfig): Promise<ServiceRuntime<AnalyticsDatabase>> {
  return openRuntime<AnalyticsDatabase>({
    service: 'analytics',
    database: config.ANALYTICS_DATABASE,
    postgresUrl: config.POSTGRES_URL,
    redisUrl: config.REDIS_URL,
    natsUrl: config.NATS_URL,
    natsCredentials: natsCredentialsOf(config),
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    migrations: analyticsMigrations,
    logLevel: config.LOG_LEVEL,
    outboxRetentionSeconds: config.OUTBOX_RETENTION_SECONDS,
  });
}
