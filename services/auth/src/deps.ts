import type { OutboxRelay, SessionStore, SessionTokens } from '@pv/service-kit';
import type { Redis } from 'ioredis';
import type { AuthConfig } from './config.js';
import type { AuthKysely } from './db/types.js';

/** What the auth service's rules need, injected so tests build the app on real infrastructure. */
export interface AuthDeps {
  db: AuthKysely;
  redis: Redis;
  sessions: { tokens: SessionTokens; store: SessionStore };
  relay: OutboxRelay;
  config: Pick<
    AuthConfig,
    | 'SESSION_TTL_HOURS'
    | 'COOKIE_SECURE'
    | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
    | 'LOGIN_MAX_FAILURES_PER_IP'
    | 'LOGIN_FAILURE_WINDOW_SECONDS'
  >;
  /** See passwords.ts makeDecoyHash. */
  decoyHash: string;
}

/** Where a request came from, as recorded on sessions, terms acceptances and login events. */
export interface ClientInfo {
  ipAddress: string;
  userAgent: string;
}
