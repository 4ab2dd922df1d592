import { natsCredentialsOf, openRuntime, type ServiceRuntime } from '@pv/service-kit';
import type { AuthConfig } from './config.js';
import { authMigrations } from './db/migrations/index.js';
import type { AuthDatabase } from './db/schema.js';
import { seed } from './setup/seed.js';

/** Opens the auth database (created, migrated and seeded), Redis, NATS and the outbox relay. */
export async function openAuth(config: AuthConfig): Promise<ServiceRuntime<AuthDatabase>> {
  const runtime = await openRuntime<AuthDatabase>({
    service: 'auth',
    database: config.AUTH_DATABASE,
    postgresUrl: config.POSTGRES_URL,
    redisUrl: config.REDIS_URL,
    natsUrl: config.NATS_URL,
    natsCredentials: natsCredentialsOf(config),
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    sessionPrivateKey: config.SESSION_PRIVATE_KEY,
    migrations: authMigrations,
    logLevel: config.LOG_LEVEL,
    outboxRetentionSeconds: config.OUTBOX_RETENTION_SECONDS,
  });
  await seed(runtime.db, {
    ...(config.ADMIN_EMAIL ? { adminEmail: config.ADMIN_EMAIL } : {}),
    ...(config.ADMIN_PASSWORD ? { adminPassword: config.ADMIN_PASSWORD } : {}),
    ...(config.ADMIN_TOTP_SECRET ? { adminTotpSecret: config.ADMIN_TOTP_SECRET } : {}),
    passwordFile: config.FIRST_ADMIN_PASSWORD_FILE,
    log: runtime.log,
  });
  runtime.relay.kick();
  return runtime;
}
