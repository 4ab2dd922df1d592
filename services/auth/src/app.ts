import { createServiceApp, csv } from '@pv/service-kit';
import type { FastifyInstance } from 'fastify';
import { AccountService } from './accounts/account.service.js';
import type { AuthDeps } from './deps.js';
import { accountRoutes } from './routes/account.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { termsRoutes } from './routes/terms.js';
import { TermsService } from './terms/terms.service.js';
import { AdminUsersService } from './users/admin-users.service.js';

export interface AuthAppOptions {
  deps: AuthDeps;
  readiness: Record<string, () => Promise<unknown>>;
  publicOrigins: string;
  trustProxy: string;
  logLevel?: string;
  logger?: boolean;
}

/** The auth service's HTTP app, built from injected dependencies; it never listens. */
export async function buildAuthApp(options: AuthAppOptions): Promise<FastifyInstance> {
  const { deps } = options;
  const app = await createServiceApp({
    name: 'auth',
    sessions: deps.sessions,
    publicOrigins: csv(options.publicOrigins),
    trustProxy: options.trustProxy,
    readiness: options.readiness,
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    ...(options.logger === false ? { logger: false } : {}),
  });
  accountRoutes(app, new AccountService(deps), deps.config.COOKIE_SECURE);
  termsRoutes(app, new TermsService(deps.db));
  adminUserRoutes(app, new AdminUsersService(deps));
  return app;
}

export type { AuthDeps } from './deps.js';
