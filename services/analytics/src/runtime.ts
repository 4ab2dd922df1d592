import { openRuntime, runtimeSettingsOf, type ServiceRuntime } from '@pv/service-kit/runtime';
import type { AnalyticsConfig } from './config.js';
import { analyticsMigrations } from './db/migrations/index.js';
import type { AnalyticsDatabase } from './db/schema.js';

/** Opens the analytics database (created and migrated), Redis, NATS and the outbox relay. */
export function openAnalytics(config: AnalyticsConfig): Promise<ServiceRuntime<AnalyticsDatabase>> {
  return openRuntime<AnalyticsDatabase>({
    service: 'analytics',
    database: config.ANALYTICS_DATABASE,
    ...runtimeSettingsOf(config),
    migrations: analyticsMigrations,
  });
}
