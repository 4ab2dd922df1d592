import { Messages } from '@pv/contracts';
import { RateLimiter } from '@pv/service-kit';
import type { Redis } from 'ioredis';
import type { AuthConfig } from '../config.js';

export type LoginThrottleConfig = Pick<
  AuthConfig,
  'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_MAX_FAILURES_PER_IP' | 'LOGIN_FAILURE_WINDOW_SECONDS'
>;

/**
 * Failed logins counted per account and per address in a fixed window. Past either limit every
 * attempt waits (429 LOGIN_THROTTLED), even one with the right password, so guessing cannot go
 * on; a success clears the account's failures (not the address': it may be guessing others).
 */
export class LoginThrottle {
  private readonly perAccount: RateLimiter;
  private readonly perIp: RateLimiter;

  constructor(redis: Redis, config: LoginThrottleConfig, keyPrefix: string) {
    const failures = {
      durationSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
      message: Messages.tooManyLoginAttempts,
      code: 'LOGIN_THROTTLED',
    };
    this.perAccount = new RateLimiter(
      redis,
      {
        ...failures,
        name: 'login-failures:account',
        points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      },
      { keyPrefix },
    );
    this.perIp = new RateLimiter(
      redis,
      { ...failures, name: 'login-failures:ip', points: config.LOGIN_MAX_FAILURES_PER_IP },
      { keyPrefix },
    );
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    await this.perAccount.assertAvailable(email);
    await this.perIp.assertAvailable(ip);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.perAccount.penalty(email), this.perIp.penalty(ip)]);
  }

  async clearAccount(email: string): Promise<void> {
    await this.perAccount.delete(email);
  }
}
