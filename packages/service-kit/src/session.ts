import {
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { EMAIL_NOT_VERIFIED, EmailMessages, type UserStatus } from '@pv/contracts';
import type { Redis } from 'ioredis';
import { AppError } from './errors.js';

/** Who is calling, as every service sees it after verifying the session. */
export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  isAdmin: boolean;
  /** isPremium or an active subscription. */
  isPremium: boolean;
  userStatus: UserStatus;
  mustChangePassword: boolean;
  /**
   * This session passed the admin's second factor (TOTP or a recovery code). Admin routes need it
   * beside isAdmin; a record written before second factors existed has none, so it is refused.
   */
  secondFactor?: boolean;
  /**
   * The account confirmed its e-mail (issue 23 item 1). Until then it is a visitor for
   * professional documents, and checkout and signing refuse it (`assertEmailVerified`). A record
   * without it (written before e-mail confirmation existed) counts as not confirmed.
   */
  emailVerified?: boolean;
}

/** 403 EMAIL_NOT_VERIFIED unless the session's account confirmed its e-mail (issue 23 item 1). */
export function assertEmailVerified(principal: Principal): void {
  if (principal.emailVerified !== true)
    throw new AppError(403, EMAIL_NOT_VERIFIED, EmailMessages.notVerified);
}

export const SESSION_COOKIE = 'pv_session';
/**
 * The session cookie's name when the public origin is https (issue 23 item 5): the `__Host-`
 * prefix makes the browser take it only with Secure, Path=/ and no Domain, so a sibling subdomain
 * cannot plant a session of its own choosing (cookie tossing).
 */
export const SECURE_SESSION_COOKIE = '__Host-pv_session';

/** Whether every public origin is https, which is when the cookie is `__Host-` and Secure. */
export const httpsOnly = (origins: readonly string[]) =>
  origins.length > 0 && origins.every((origin) => origin.toLowerCase().startsWith('https://'));

/** The session cookie's name for a service whose public origins are (or are not) all https. */
export const sessionCookieName = (secure: boolean) =>
  secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

interface TokenClaims {
  v: 1;
  sid: string;
  sub: string;
  exp: number;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

export function publicKeyFrom(base64SpkiDer: string): KeyObject {
  return createPublicKey({
    key: Buffer.from(base64SpkiDer, 'base64'),
    format: 'der',
    type: 'spki',
  });
}
export function privateKeyFrom(base64Pkcs8Der: string): KeyObject {
  return createPrivateKey({
    key: Buffer.from(base64Pkcs8Der, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
}

/**
 * Session tokens: `<claims>.<Ed25519 signature>`. Only auth holds the private key; every service
 * verifies with the public key, so a token cannot be forged by anyone who can reach a service.
 * The signature alone does not keep a session alive: the session record in Redis must exist too
 * (see SessionStore), which is what makes logout and suspension take effect at once.
 */
export class SessionTokens {
  constructor(
    private readonly publicKey: KeyObject,
    private readonly privateKey?: KeyObject,
  ) {}

  issue(userId: string, ttlSeconds: number): { token: string; sessionId: string; expiresAt: Date } {
    if (!this.privateKey) throw new Error('This service cannot issue sessions (no private key)');
    const sessionId = b64url(randomBytes(24));
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    const claims: TokenClaims = { v: 1, sid: sessionId, sub: userId, exp };
    const body = b64url(Buffer.from(JSON.stringify(claims)));
    const signature = sign(null, Buffer.from(body), this.privateKey);
    return { token: `${body}.${b64url(signature)}`, sessionId, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a well-signed, unexpired token; null for anything else. */
  verify(token: string): TokenClaims | null {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 1024) return null;
    const body = token.slice(0, dot);
    const signature = Buffer.from(token.slice(dot + 1), 'base64url');
    if (signature.length !== 64) return null;
    if (!verify(null, Buffer.from(body), this.publicKey, signature)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
      if (claims.v !== 1 || typeof claims.sid !== 'string' || typeof claims.sub !== 'string')
        return null;
      if (claims.exp * 1000 <= Date.now()) return null;
      return claims;
    } catch {
      return null;
    }
  }
}

const sessionKey = (sid: string) => `pv:session:${sid}`;
const userSessionsKey = (userId: string) => `pv:user-sessions:${userId}`;
/**
 * The idle clock of a session: exists while the session was used within its idle timeout. Kept
 * apart from the record because every service refreshes it, while only auth may write records.
 */
const seenKey = (sid: string) => `pv:session-seen:${sid}`;

/** What auth stores beside the principal; never handed to a service. */
interface SessionRecord extends Principal {
  /** Idle timeout in seconds; absent on records written before idle timeouts existed. */
  idleSeconds?: number;
}

/*
 * Compare-and-set of a session record: rewrite only if it still exists and still holds what the
 * caller read, keeping its TTL. Returns -1 (gone: revoked or expired), 0 (changed meanwhile) or 1.
 * A plain GET-then-SET could bring back a session revoked between the two.
 */
const REWRITE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return -1 end
if current ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'XX', 'KEEPTTL')
return 1
`;

export interface PutSessionOptions {
  /** Ends the session after this many seconds without a request (beside its absolute expiry). */
  idleSeconds?: number;
}

/**
 * Live sessions in Redis, written only by the auth service and read by every service's kit.
 * A record holds the current principal, so a change of role, Premium or status made by auth is
 * seen by every service on the next request; deleting it revokes the session everywhere.
 * A session ends at its absolute expiry (the record's TTL) or, when it has an idle timeout, once
 * no request used it for that long (its `seen` key, refreshed by every service, ran out).
 */
export class SessionStore {
  constructor(private readonly redis: Redis) {}

  /** The principal of a live session, refreshing its idle clock; null when it ended. */
  async get(sessionId: string): Promise<Principal | null> {
    const raw = await this.redis.get(sessionKey(sessionId));
    if (!raw) return null;
    const { idleSeconds, ...principal } = JSON.parse(raw) as SessionRecord;
    if (idleSeconds !== undefined) {
      // XX: only a session used within its idle timeout is extended; one that ran out stays out.
      const alive = await this.redis.set(seenKey(sessionId), '1', 'EX', idleSeconds, 'XX');
      if (alive !== 'OK') return null;
    }
    return principal;
  }

  async put(principal: Principal, expiresAt: Date, options: PutSessionOptions = {}): Promise<void> {
    const ttl = Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
    const record: SessionRecord =
      options.idleSeconds === undefined
        ? principal
        : { ...principal, idleSeconds: options.idleSeconds };
    const multi = this.redis
      .multi()
      .set(sessionKey(principal.sessionId), JSON.stringify(record), 'EX', ttl)
      .sadd(userSessionsKey(principal.userId), principal.sessionId)
      .expire(userSessionsKey(principal.userId), ttl, 'GT');
    if (options.idleSeconds !== undefined)
      multi.set(seenKey(principal.sessionId), '1', 'EX', Math.min(options.idleSeconds, ttl));
    await multi.exec();
    // EXPIRE ... GT does not set a TTL on a key that has none; make sure the set never lingers.
    await this.redis.expire(userSessionsKey(principal.userId), ttl, 'NX');
  }

  async revoke(principal: Pick<Principal, 'sessionId' | 'userId'>): Promise<void> {
    await this.redis
      .multi()
      .del(sessionKey(principal.sessionId), seenKey(principal.sessionId))
      .srem(userSessionsKey(principal.userId), principal.sessionId)
      .exec();
  }

  async sessionIdsOf(userId: string): Promise<string[]> {
    return this.redis.smembers(userSessionsKey(userId));
  }

  /** Ends every session of a user (suspension, deletion, password reset). */
  async revokeAllOf(userId: string, exceptSessionId?: string): Promise<string[]> {
    const ids = (await this.sessionIdsOf(userId)).filter((id) => id !== exceptSessionId);
    if (ids.length === 0) return [];
    await this.redis
      .multi()
      .del(...ids.map(sessionKey), ...ids.map(seenKey))
      .srem(userSessionsKey(userId), ...ids)
      .exec();
    return ids;
  }

  /**
   * Rewrites the principal of every live session of a user, keeping each one's expiry. Atomic per
   * session (compare-and-set in Redis): a session revoked meanwhile stays revoked, and two
   * concurrent patches both land.
   */
  async updateAllOf(
    userId: string,
    patch: Partial<Omit<Principal, 'userId' | 'sessionId'>>,
  ): Promise<void> {
    for (const sid of await this.sessionIdsOf(userId)) await this.update(userId, sid, patch);
  }

  /** Rewrites one live session's principal the same way (e.g. the second factor it passed). */
  async update(
    userId: string,
    sid: string,
    patch: Partial<Omit<Principal, 'userId' | 'sessionId'>>,
  ): Promise<void> {
    const key = sessionKey(sid);
    for (let attempt = 0; ; attempt++) {
      const raw = await this.redis.get(key);
      const outcome = raw
        ? ((await this.redis.eval(
            REWRITE_SCRIPT,
            1,
            key,
            raw,
            JSON.stringify({ ...(JSON.parse(raw) as SessionRecord), ...patch }),
          )) as number)
        : -1;
      if (outcome === -1) {
        await this.redis.srem(userSessionsKey(userId), sid);
        return;
      }
      if (outcome === 1) return;
      if (attempt >= 20) throw new Error(`Session ${sid.slice(0, 6)}… kept changing`);
    }
  }
}

/**
 * Reads the token of a request: the session cookie, or a Bearer header for API clients. With
 * `secureOnly` (every public origin https) only the `__Host-` cookie counts: a plain one may have
 * been planted from another subdomain.
 */
export function tokenFrom(
  cookies: Record<string, string | undefined>,
  authorization?: string,
  options: { secureOnly?: boolean } = {},
) {
  const cookie =
    cookies[SECURE_SESSION_COOKIE] ?? (options.secureOnly ? undefined : cookies[SESSION_COOKIE]);
  if (cookie) return { token: cookie, viaCookie: true };
  if (authorization?.startsWith('Bearer '))
    return { token: authorization.slice(7).trim(), viaCookie: false };
  return null;
}
