import { createServiceApp, type ServiceRuntime, standardAppOptions } from '@pv/service-kit';
import type { FastifyInstance } from 'fastify';
import { VaultAccess } from './access/vault-access.js';
import { KeyedHasher } from './anonymise/hashing.js';
import type { VaultConfig } from './config.js';
import type { VaultDatabase } from './db/schema.js';
import { VaultRecords } from './records/record.service.js';
import { adminRoutes } from './routes/admin.js';
import { consultRoutes } from './routes/consult.js';

export interface VaultAppOptions {
  config: VaultConfig;
  runtime: ServiceRuntime<VaultDatabase>;
  logger?: boolean;
  /** Redis key prefix of the vault's sessions and limits; tests pass their own. */
  redisNamespace?: string;
}

/** The vault service's HTTP app, built from injected dependencies; it never listens. */
export async function buildVaultApp(options: VaultAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const namespace = options.redisNamespace ?? 'pv:vault:';
  const app = await createServiceApp(
    standardAppOptions({ name: 'vault', config, runtime, logger: options.logger }),
  );
  const hasher = new KeyedHasher(config.VAULT_HMAC_SECRET);
  consultRoutes(app, {
    db: runtime.db,
    hasher,
    redis: runtime.redis,
    namespace,
    maxPerHour: config.VAULT_CONSULT_MAX_PER_HOUR,
  });
  adminRoutes(app, {
    access: new VaultAccess(runtime.redis, {
      adminKey: config.VAULT_ADMIN_KEY,
      sessionTtlSeconds: config.VAULT_SESSION_TTL_SECONDS,
      maxFailuresPerAdmin: config.VAULT_LOGIN_MAX_FAILURES_PER_ADMIN,
      maxFailuresPerIp: config.VAULT_LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: config.VAULT_LOGIN_WINDOW_SECONDS,
      namespace,
    }),
    records: new VaultRecords(runtime.db),
    sessionTtlSeconds: config.VAULT_SESSION_TTL_SECONDS,
    cookieSecure: config.COOKIE_SECURE,
  });
  await app.after();
  return app;
}

export { KeyedHasher } from './anonymise/hashing.js';
export { startConsultConsumer } from './records/consult-consumer.js';
