import { openRuntime, runtimeSettingsOf, type ServiceRuntime } from '@pv/service-kit/runtime';
import type { AuthConfig } from './config.js';
import { authMigrations } from './db/migrations/index.js';
import type { AuthDatabase } from './db/schema.js';
import { seed } from './setup/seed.js';
import { sealStoredSecrets } from './staff-mfa/second-factor.repository.js';
import { totpSecretBoxFrom } from './staff-mfa/totp-secret-box.js';

/** Opens the auth database (created, migrated and seeded), Redis, NATS and the outbox relay. */
export async function openAuth(config: AuthConfig): Promise<ServiceRuntime<AuthDatabase>> {
  const runtime = await openRuntime<AuthDatabase>({
    service: 'auth',
    database: config.AUTH_DATABASE,
    ...runtimeSettingsOf(config),
    sessionPrivateKey: config.SESSION_PRIVATE_KEY,
    migrations: authMigrations,
  });
  const totpSecrets = totpSecretBoxFrom(config);
  await seed(runtime.db, {
    ...(totpSecrets ? { totpSecrets } : {}),
    ...(config.ADMIN_EMAIL ? { adminEmail: config.ADMIN_EMAIL } : {}),
    ...(config.ADMIN_PASSWORD ? { adminPassword: config.ADMIN_PASSWORD } : {}),
    ...(config.ADMIN_TOTP_SECRET ? { adminTotpSecret: config.ADMIN_TOTP_SECRET } : {}),
    passwordFile: config.FIRST_ADMIN_PASSWORD_FILE,
    log: runtime.log,
  });
  if (totpSecrets) {
    // Secrets stored before the key existed, or under the key before a rotation.
    const sealed = await sealStoredSecrets(runtime.db, totpSecrets);
    if (sealed > 0) runtime.log.info({ sealed }, 'TOTP secrets sealed under TOTP_SECRET_KEY');
  }
  runtime.relay.kick();
  return runtime;
}
