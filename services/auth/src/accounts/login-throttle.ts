import { Messages } from '@pv/contracts';
import { addressKey, FailureBackoff, RateLimiter } from '@pv/service-kit/http';
import type { Redis } from 'ioredis';
import type { AuthConfig } from '../config.js';

export type LoginThrottleConfig = Pick<
  AuthConfig,
  | 'LOGIN_FREE_FAILURES_PER_ACCOUNT_IP'
  | 'LOGIN_BACKOFF_BASE_SECONDS'
  | 'LOGIN_BACKOFF_MAX_SECONDS'
  | 'LOGIN_MAX_FAILURES_PER_IP'
  | 'LOGIN_FAILURE_WINDOW_SECONDS'
  | 'LOGIN_FREE_FAILURES_PER_ACCOUNT'
  | 'LOGIN_ACCOUNT_BACKOFF_BASE_SECONDS'
  | 'LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS'
>;

/** How long an account-and-address pair's failures are remembered (a success forgets them). */
const BACKOFF_MEMORY_SECONDS = 86_400;

/**
 * Wrong passwords slow down whoever sends them, not the account's owner:
 * - per account *and address*, an exponential backoff after a few free failures: guessing one
 *   account from one address soon waits minutes per try, while the owner, from any other address,
 *   is never affected (knowing an e-mail, the admin's included, is not enough to lock anyone out);
 * - per address, a fixed-window limit across all accounts, so one address cannot spray guesses
 *   over many accounts either.
 * While either refuses, every attempt from that address waits (429 LOGIN_THROTTLED), even one with
 * the right password. A success forgets the pair's failures (not the address': it may be guessing
 * others).
 */
export class LoginThrottle {
  private readonly perAccountIp: FailureBackoff;
  private readonly perAccount: FailureBackoff;
  private readonly perIp: RateLimiter;

  constructor(
    private readonly redis: Redis,
    config: LoginThrottleConfig,
    private readonly keyPrefix: string,
  ) {
    const refusal = { message: Messages.tooManyLoginAttempts, code: 'LOGIN_THROTTLED' };
    this.perAccountIp = new FailureBackoff(
      redis,
      {
        ...refusal,
        name: 'login-backoff:account-ip',
        freeFailures: config.LOGIN_FREE_FAILURES_PER_ACCOUNT_IP,
        baseSeconds: config.LOGIN_BACKOFF_BASE_SECONDS,
        maxSeconds: config.LOGIN_BACKOFF_MAX_SECONDS,
        memorySeconds: BACKOFF_MEMORY_SECONDS,
      },
      { keyPrefix },
    );
    // Across every address (issue 23 item 5): many addresses guessing one account wait too. The
    // wait is short and capped, and a browser the owner signed in from before skips it, so a
    // stranger can slow the account down, never lock its owner out.
    this.perAccount = new FailureBackoff(
      redis,
      {
        ...refusal,
        name: 'login-backoff:account',
        freeFailures: config.LOGIN_FREE_FAILURES_PER_ACCOUNT,
        baseSeconds: config.LOGIN_ACCOUNT_BACKOFF_BASE_SECONDS,
        maxSeconds: config.LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS,
        memorySeconds: BACKOFF_MEMORY_SECONDS,
      },
      { keyPrefix },
    );
    this.perIp = new RateLimiter(
      redis,
      {
        ...refusal,
        name: 'login-failures:ip',
        points: config.LOGIN_MAX_FAILURES_PER_IP,
        durationSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
      },
      { keyPrefix },
    );
  }

  private static pair(email: string, ip: string) {
    return `${email}|${addressKey(ip)}`;
  }

  /** `knownDevice`: the caller's browser signed in to this account before (device cookie). */
  async assertAllowed(email: string, ip: string, knownDevice = false): Promise<void> {
    await this.perIp.assertAvailable(addressKey(ip));
    await this.perAccountIp.assertAllowed(LoginThrottle.pair(email, ip));
    if (!knownDevice) await this.perAccount.assertAllowed(email);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.perAccountIp.recordFailure(LoginThrottle.pair(email, ip)),
      this.perAccount.recordFailure(email),
      this.perIp.penalty(addressKey(ip)),
    ]);
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.perAccountIp.clear(LoginThrottle.pair(email, ip)),
      this.perAccount.clear(email),
    ]);
  }

  /**
   * Forgets every address's failures against an account (its user was erased): the keys name the
   * e-mail, so they go now rather than when their memory runs out.
   */
  async clearAccount(email: string): Promise<void> {
    const glob = (text: string) => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
    await this.perAccount.clear(email);
    const pattern = `${glob(this.keyPrefix)}login-backoff:account-ip*${glob(`${email}|`)}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await this.redis.del(...keys);
    } while (cursor !== '0');
  }
}
