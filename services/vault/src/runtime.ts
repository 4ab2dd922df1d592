import { EVENT_STREAM, PHI_STREAM } from '@pv/contracts';
import { openRuntime, runtimeSettingsOf, type ServiceRuntime } from '@pv/service-kit/runtime';
import type { VaultConfig } from './config.js';
import { vaultMigrations } from './db/migrations/index.js';
import type { VaultDatabase } from './db/schema.js';

/** Opens the vault database (created and migrated), Redis, NATS and the outbox relay. */
export function openVault(config: VaultConfig): Promise<ServiceRuntime<VaultDatabase>> {
  return openRuntime<VaultDatabase>({
    service: 'vault',
    database: config.VAULT_DATABASE,
    ...runtimeSettingsOf(config),
    // It reads the restricted PV_PHI (its only reader): set up on connecting, like formatting.
    natsStreams: [EVENT_STREAM, PHI_STREAM],
    migrations: vaultMigrations,
  });
}
