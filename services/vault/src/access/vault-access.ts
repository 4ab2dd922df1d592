import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { VaultMessages } from '@pv/contracts';
import { addressKey, RateLimiter, unauthorized } from '@pv/service-kit/http';
import type { Redis } from 'ioredis';

export interface VaultAccessOptions {
  adminKey: string;
  sessionTtlSeconds: number;
  maxFailuresPerAdmin: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
  /** Prefix of the vault's Redis keys (tests use their own). */
  keyPrefix: string;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The vault's second lock: an admin session is not enough, the separate VAULT_ADMIN_KEY must be
 * given too. A right key opens a short vault session (a random token in Redis bound to the admin);
 * wrong keys are counted per admin and per address, and past either limit every attempt (the
 * right key too) waits for the window to end.
 */
export class VaultAccess {
  private readonly keyDigest: Buffer;
  private readonly failuresPerAdmin: RateLimiter;
  private readonly failuresPerIp: RateLimiter;

  constructor(
    private readonly redis: Redis,
    private readonly options: VaultAccessOptions,
  ) {
    this.keyDigest = sha256(options.adminKey);
    const failures = {
      durationSeconds: options.windowSeconds,
      message: VaultMessages.tooManyKeyAttempts,
      code: 'VAULT_LOGIN_THROTTLED',
    };
    const limiterOptions = { keyPrefix: options.keyPrefix };
    this.failuresPerAdmin = new RateLimiter(
      redis,
      { ...failures, name: 'login-failures:admin', points: options.maxFailuresPerAdmin },
      limiterOptions,
    );
    this.failuresPerIp = new RateLimiter(
      redis,
      { ...failures, name: 'login-failures:ip', points: options.maxFailuresPerIp },
      limiterOptions,
    );
  }

  private sessionKey = (token: string) =>
    `${this.options.keyPrefix}session:${sha256(token).toString('hex')}`;

  /** Compares digests of equal length in constant time: the key's length leaks nothing either. */
  private keyMatches(given: string): boolean {
    return timingSafeEqual(sha256(given), this.keyDigest);
  }

  async unlock(
    userId: string,
    ip: string,
    adminKey: string,
  ): Promise<{ token: string; expiresAt: Date }> {
    // An IPv6 client holds a whole /64: counting each address apart would give it 2^64 tries.
    const address = addressKey(ip);
    await this.failuresPerAdmin.assertAvailable(userId);
    await this.failuresPerIp.assertAvailable(address);
    if (!this.keyMatches(adminKey)) {
      await Promise.all([
        this.failuresPerAdmin.penalty(userId),
        this.failuresPerIp.penalty(address),
      ]);
      throw unauthorized(VaultMessages.adminKeyInvalid, 'VAULT_KEY_INVALID');
    }
    await this.failuresPerAdmin.delete(userId);
    const token = randomBytes(32).toString('base64url');
    await this.redis.set(this.sessionKey(token), userId, 'EX', this.options.sessionTtlSeconds);
    return { token, expiresAt: new Date(Date.now() + this.options.sessionTtlSeconds * 1000) };
  }

  /** True when the token is a live vault session of this admin. */
  async isUnlocked(userId: string, token: string | undefined): Promise<boolean> {
    if (!token || token.length > 200) return false;
    return (await this.redis.get(this.sessionKey(token))) === userId;
  }
}
