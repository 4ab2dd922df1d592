import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { VaultMessages } from '@pv/contracts';
import { tooManyRequests, unauthorized } from '@pv/service-kit';
import type { Redis } from 'ioredis';

export interface VaultAccessOptions {
  adminKey: string;
  sessionTtlSeconds: number;
  maxFailuresPerAdmin: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
  /** Redis key prefix (tests use their own). */
  namespace: string;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The vault's second lock: an admin session is not enough, the separate VAULT_ADMIN_KEY must be
 * given too. A right key opens a short vault session (a random token in Redis bound to the admin);
 * wrong keys are throttled per admin and per address.
 */
export class VaultAccess {
  private readonly keyDigest: Buffer;

  constructor(
    private readonly redis: Redis,
    private readonly options: VaultAccessOptions,
  ) {
    this.keyDigest = sha256(options.adminKey);
  }

  private failuresKey = (kind: 'admin' | 'ip', who: string) =>
    `${this.options.namespace}login-failures:${kind}:${who}`;
  private sessionKey = (token: string) =>
    `${this.options.namespace}session:${sha256(token).toString('hex')}`;

  /** Compares digests of equal length in constant time: the key's length leaks nothing either. */
  private keyMatches(given: string): boolean {
    return timingSafeEqual(sha256(given), this.keyDigest);
  }

  async unlock(
    userId: string,
    ip: string,
    adminKey: string,
  ): Promise<{ token: string; expiresAt: Date }> {
    const adminKeyName = this.failuresKey('admin', userId);
    const ipKeyName = this.failuresKey('ip', ip);
    const [adminFailures, ipFailures] = await this.redis.mget(adminKeyName, ipKeyName);
    if (
      Number(adminFailures ?? 0) >= this.options.maxFailuresPerAdmin ||
      Number(ipFailures ?? 0) >= this.options.maxFailuresPerIp
    ) {
      throw tooManyRequests(VaultMessages.tooManyKeyAttempts, 'VAULT_LOGIN_THROTTLED');
    }
    if (!this.keyMatches(adminKey)) {
      await this.redis
        .multi()
        .incr(adminKeyName)
        .expire(adminKeyName, this.options.windowSeconds, 'NX')
        .incr(ipKeyName)
        .expire(ipKeyName, this.options.windowSeconds, 'NX')
        .exec();
      throw unauthorized(VaultMessages.adminKeyInvalid, 'VAULT_KEY_INVALID');
    }
    await this.redis.del(adminKeyName);
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
