import { staffAccessRecorder } from '@pv/service-clients';
import { createStandardApp, RateLimiter } from '@pv/service-kit/http';
import type { ServiceRuntime } from '@pv/service-kit/runtime';
import type { FastifyInstance } from 'fastify';
import { VaultAccess } from './access/vault-access.js';
import { KeyedHasher } from './anonymise/hashing.js';
import type { VaultConfig } from './config.js';
import type { VaultDatabase } from './db/schema.js';
import { ConsultArchive, consultLimit } from './records/consult-archive.service.js';
import { VaultRecords } from './records/record.service.js';
import { adminRoutes } from './routes/admin.js';
import { consultRoutes } from './routes/consult.js';

export interface VaultAppOptions {
  config: VaultConfig;
  runtime: ServiceRuntime<VaultDatabase>;
  logger?: boolean;
  /** Prefix of the vault's Redis keys (sessions and limits); tests pass their own. */
  redisKeyPrefix?: string;
}

/** The vault service's HTTP app, built from injected dependencies; it never listens. */
export async function buildVaultApp(options: VaultAppOptions): Promise<FastifyInstance> {
  const { config, runtime } = options;
  const keyPrefix = options.redisKeyPrefix ?? `${config.REDIS_KEY_PREFIX}vault:`;
  const app = await createStandardApp({ name: 'vault', config, runtime, logger: options.logger });
  consultRoutes(
    app,
    new ConsultArchive({
      db: runtime.db,
      hasher: new KeyedHasher(config.VAULT_HMAC_SECRET),
      limiter: new RateLimiter(runtime.redis, consultLimit(config.VAULT_CONSULT_MAX_PER_HOUR), {
        keyPrefix,
      }),
    }),
  );
  adminRoutes(app, {
    access: new VaultAccess(runtime.redis, {
      adminKey: config.VAULT_ADMIN_KEY,
      sessionTtlSeconds: config.VAULT_SESSION_TTL_SECONDS,
      maxFailuresPerAdmin: config.VAULT_LOGIN_MAX_FAILURES_PER_ADMIN,
      maxFailuresPerIp: config.VAULT_LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: config.VAULT_LOGIN_WINDOW_SECONDS,
      keyPrefix,
    }),
    records: new VaultRecords(runtime.db, runtime.relay),
    audit: staffAccessRecorder(runtime, 'vault'),
    sessionTtlSeconds: config.VAULT_SESSION_TTL_SECONDS,
    cookieSecure: config.COOKIE_SECURE,
  });
  await app.after();
  return app;
}

export { KeyedHasher } from './anonymise/hashing.js';
export { startConsultConsumer } from './events/consult-consumer.js';
