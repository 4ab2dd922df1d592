import { EVENT_STREAM, PHI_STREAM } from '@pv/contracts';
import { natsCredentialsOf, openRuntime, type ServiceRuntime } from '@pv/service-kit/runtime';
import type { VaultConfig } from './config.js';
import { vaultMigrations } from './db/migrations/index.js';
import type { VaultDatabase } from './db/schema.js';

/** Opens the vault database (created and migrated), Redis, NATS and the outbox relay. */
export function openVault(config: VaultConfig): Promise<ServiceRuntime<VaultDatabase>> {
  return openRuntime<VaultDatabase>({
    service: 'vault',
    database: config.VAULT_DATABASE,
    postgresUrl: config.POSTGRES_URL,
    redisUrl: config.REDIS_URL,
    natsUrl: config.NATS_URL,
    natsCredentials: natsCredentialsOf(config),
    // It reads the restricted PV_PHI (its only reader): set up on connecting, like formatting.
    natsStreams: [EVENT_STREAM, PHI_STREAM],
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    migrations: vaultMigrations,
    logLevel: config.LOG_LEVEL,
    outboxRetentionSeconds: config.OUTBOX_RETENTION_SECONDS,
  });
}
