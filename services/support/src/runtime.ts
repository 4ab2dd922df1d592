import { openRuntime, runtimeSettingsOf, type ServiceRuntime } from '@pv/service-kit/runtime';
import type { SupportConfig } from './config.js';
import { supportMigrations } from './db/migrations/index.js';
import type { SupportDatabase } from './db/schema.js';

/** Opens the support database (created and migrated), Redis, NATS and the outbox relay. */
export function openSupport(config: SupportConfig): Promise<ServiceRuntime<SupportDatabase>> {
  return openRuntime<SupportDatabase>({
    service: 'support',
    database: config.SUPPORT_DATABASE,
    ...runtimeSettingsOf(config),
    migrations: supportMigrations,
  });
}
