import { openRuntime, type ServiceRuntime } from '@pv/service-kit';
import type { AuthConfig } from './config.js';
import { authMigrations } from './db/migrations/index.js';
import type { AuthDatabase } from './db/schema.js';
import type { AuthDeps } from './deps.js';
import { makeDecoyHash } from './passwords.js';
import { seed } from './seed.js';

/** Opens the auth service's database, Redis and NATS, migrates and seeds. */
export async function openAuth(
  config: AuthConfig,
): Promise<{ runtime: ServiceRuntime<AuthDatabase>; deps: AuthDeps }> {
  const runtime = await openRuntime<AuthDatabase>({
    service: 'auth',
    database: config.AUTH_DATABASE,
    postgresUrl: config.POSTGRES_URL,
    redisUrl: config.REDIS_URL,
    natsUrl: config.NATS_URL,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    sessionPrivateKey: config.SESSION_PRIVATE_KEY,
    migrations: authMigrations,
    logLevel: config.LOG_LEVEL,
  });
  await seed(runtime.db, {
    ...(config.ADMIN_EMAIL ? { adminEmail: config.ADMIN_EMAIL } : {}),
    ...(config.ADMIN_PASSWORD ? { adminPassword: config.ADMIN_PASSWORD } : {}),
    log: runtime.log,
  });
  runtime.relay.kick();
  const deps: AuthDeps = {
    db: runtime.db,
    redis: runtime.redis,
    sessions: runtime.sessions,
    relay: runtime.relay,
    config,
    decoyHash: await makeDecoyHash(),
  };
  return { runtime, deps };
}
