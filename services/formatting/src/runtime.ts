import { EVENT_STREAM, PHI_STREAM } from '@pv/contracts';
import { openRuntime, runtimeSettingsOf, type ServiceRuntime } from '@pv/service-kit/runtime';
import type { FormattingConfig } from './config.js';
import { formattingMigrations } from './db/migrations/index.js';
import type { FormattingDatabase } from './db/schema.js';

/** Opens the formatting database (created and migrated), Redis, NATS and the outbox relay. */
export function openFormatting(
  config: FormattingConfig,
): Promise<ServiceRuntime<FormattingDatabase>> {
  return openRuntime<FormattingDatabase>({
    service: 'formatting',
    database: config.FORMATTING_DATABASE,
    ...runtimeSettingsOf(config),
    // It publishes the restricted phi.consult.formatted.v1 too (read only by the vault).
    natsStreams: [EVENT_STREAM, PHI_STREAM],
    migrations: formattingMigrations,
  });
}
