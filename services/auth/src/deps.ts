import type { OutboxRelay } from '@pv/service-kit/events';
import type { SessionStore, SessionTokens } from '@pv/service-kit/http';
import type { Redis } from 'ioredis';
import type { LoginThrottle } from './accounts/login-throttle.js';
import type { AuthConfig } from './config.js';
import type { AuthKysely } from './db/schema.js';
import type { SecretCodec } from './staff-mfa/totp-secret-box.js';

/** What the auth service's rules need, built once by buildAuthApp from the config and runtime. */
export interface AuthDeps {
  db: AuthKysely;
  redis: Redis;
  /** Prefix of the service's own Redis keys (tests give each instance its own). */
  redisKeyPrefix: string;
  sessions: { tokens: SessionTokens; store: SessionStore };
  relay: OutboxRelay;
  config: Pick<AuthConfig, 'SESSION_TTL_HOURS' | 'SESSION_IDLE_TIMEOUT_SECONDS' | 'COOKIE_SECURE'>;
  loginThrottle: LoginThrottle;
  /** See users/passwords.ts makeDecoyHash. */
  decoyHash: string;
  /** Seals and opens the admins' TOTP secrets (plain without TOTP_SECRET_KEY). */
  totpSecrets: SecretCodec;
}

/** Where a request came from, as recorded on sessions, terms acceptances and login events. */
export interface ClientInfo {
  ipAddress: string;
  userAgent: string;
}
