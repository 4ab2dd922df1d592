import { randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { Messages } from '@pv/contracts';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.js';

/**
 * A limit is configuration: how many points a key may spend in a window, and what a refused
 * caller reads. Keys live in Redis as `<keyPrefix><name>:<key>`, so every replica counts together.
 */
export interface RateLimit {
  /** Names the counter in Redis, e.g. 'login-failures:account'. */
  name: string;
  /** Points a key may spend per window (one request is one point unless the caller says more). */
  points: number;
  /** Window length in whole seconds. */
  durationSeconds: number;
  /**
   * 'fixed' (default): the window starts at the key's first point and resets as a whole when it
   * ends; refused attempts count too. 'sliding': at most `points` in any trailing window; only
   * accepted points count, and each frees itself `durationSeconds` after it was spent. A sliding
   * window keeps one Redis entry per point: meant for small limits (tickets an hour), not floods.
   */
  window?: 'fixed' | 'sliding';
  /** Once exceeded, refuse the key for this many seconds (instead of until the window frees). */
  blockSeconds?: number;
  /** The pt-BR message of the 429; the kit's generic one unless the spec words it. */
  message?: string;
  /** The error code of the 429; RATE_LIMITED unless a route's contract names another. */
  code?: string;
}

/** Where a key stands in its window. */
export interface RateLimitState {
  /** Points counted in the current window. */
  consumed: number;
  /** Points the key may still spend now (0 while blocked). */
  remaining: number;
  /** Seconds until at least one more point can be spent (0 when nothing is counted). */
  resetSeconds: number;
}

/** A 429 in the kit's error shape; `registerRetryAfter` turns `retryAfterSeconds` into the header. */
export class RateLimitedError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message);
    this.name = 'RateLimitedError';
  }
}

/**
 * Sends `Retry-After` (seconds) with every RateLimitedError, wherever it was thrown. Register it
 * on the root app before the routes (an onError hook runs before the error handler writes the body).
 * @example const app = await createServiceApp(options); registerRetryAfter(app);
 */
export function registerRetryAfter(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError)
      reply.header('retry-after', String(error.retryAfterSeconds));
  });
}

interface Counter {
  consume(key: string, points: number): Promise<{ state: RateLimitState; refused: boolean }>;
  penalty(key: string, points: number): Promise<RateLimitState>;
  reward(key: string, points: number): Promise<RateLimitState>;
  peek(key: string): Promise<RateLimitState>;
  delete(key: string): Promise<void>;
}

const secondsOf = (ms: number) => (ms > 0 ? Math.ceil(ms / 1000) : 0);

/** Fixed windows: rate-limiter-flexible's RateLimiterRedis (one atomic Lua INCR + TTL per call). */
class FixedWindow implements Counter {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    private readonly limit: RateLimit,
    keyPrefix: string,
  ) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${keyPrefix}${limit.name}`,
      points: limit.points,
      duration: limit.durationSeconds,
      blockDuration: limit.blockSeconds ?? 0,
    });
  }

  private stateOf(res: RateLimiterRes): RateLimitState {
    return {
      consumed: Math.max(res.consumedPoints, 0),
      remaining: Math.max(this.limit.points - res.consumedPoints, 0),
      resetSeconds: secondsOf(res.msBeforeNext),
    };
  }

  async consume(key: string, points: number) {
    try {
      return { state: this.stateOf(await this.limiter.consume(key, points)), refused: false };
    } catch (rejection) {
      // A refusal rejects with the counter's state; anything else (Redis down) is a real error.
      if (rejection instanceof RateLimiterRes)
        return { state: this.stateOf(rejection), refused: true };
      throw rejection;
    }
  }

  async penalty(key: string, points: number) {
    return this.stateOf(await this.limiter.penalty(key, points));
  }

  async reward(key: string, points: number) {
    const res = await this.limiter.reward(key, points);
    // Rewarding more than was spent must not bank extra allowance.
    if (res.consumedPoints <= 0) {
      await this.delete(key);
      return { consumed: 0, remaining: this.limit.points, resetSeconds: 0 };
    }
    return this.stateOf(res);
  }

  async peek(key: string) {
    const res = await this.limiter.get(key);
    return res ? this.stateOf(res) : { consumed: 0, remaining: this.limit.points, resetSeconds: 0 };
  }

  async delete(key: string) {
    await this.limiter.delete(key);
  }
}

/*
 * Sliding windows: a log of spent points per key (a sorted set scored by Redis' own clock), trimmed
 * to the window on every call, inside one script so concurrent callers can never overspend.
 * Returns {consumed, msBeforeNext, refused}.
 */
const SLIDING_SCRIPT = `
local log, blockKey = KEYS[1], KEYS[2]
local mode, points, limit = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local windowMs, blockMs, id = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', log, '-inf', now - windowMs)
local count = redis.call('ZCARD', log)
local function freedIn(rank)
  local entry = redis.call('ZRANGE', log, rank, rank, 'WITHSCORES')
  if #entry == 0 then return 0 end
  return tonumber(entry[2]) + windowMs - now
end
if mode == 'reward' then
  if count > 0 then redis.call('ZPOPMAX', log, math.min(points, count)) end
  count = redis.call('ZCARD', log)
  if count == 0 then return {0, 0, 0} end
  return {count, freedIn(0), 0}
end
local blocked = redis.call('PTTL', blockKey)
if blocked > 0 and mode ~= 'penalty' then return {count, blocked, 1} end
if mode == 'consume' and count + points > limit then
  if blockMs > 0 then
    redis.call('SET', blockKey, '1', 'PX', blockMs)
    return {count, blockMs, 1}
  end
  if points > limit then return {count, windowMs, 1} end
  return {count, freedIn(count + points - limit - 1), 1}
end
if mode ~= 'peek' then
  for i = 1, points do redis.call('ZADD', log, now, id .. ':' .. i) end
  redis.call('PEXPIRE', log, windowMs)
  count = count + points
end
if count >= limit then
  return {count, freedIn(count - limit), (mode == 'peek') and 1 or 0}
end
if count == 0 then return {0, 0, 0} end
return {count, freedIn(0), 0}
`;

type SlidingMode = 'consume' | 'penalty' | 'reward' | 'peek';

class SlidingWindow implements Counter {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    private readonly limit: RateLimit,
    keyPrefix: string,
  ) {
    this.prefix = `${keyPrefix}${limit.name}:`;
  }

  private async run(mode: SlidingMode, key: string, points: number) {
    const log = `${this.prefix}${key}`;
    const [consumed, ms, refused] = (await this.redis.eval(
      SLIDING_SCRIPT,
      2,
      log,
      `${log}:blocked`,
      mode,
      points,
      this.limit.points,
      this.limit.durationSeconds * 1000,
      (this.limit.blockSeconds ?? 0) * 1000,
      randomUUID(),
    )) as [number, number, number];
    const state: RateLimitState = {
      consumed,
      remaining: refused ? 0 : Math.max(this.limit.points - consumed, 0),
      resetSeconds: secondsOf(ms),
    };
    return { state, refused: refused === 1 };
  }

  consume(key: string, points: number) {
    return this.run('consume', key, points);
  }

  async penalty(key: string, points: number) {
    return (await this.run('penalty', key, points)).state;
  }

  async reward(key: string, points: number) {
    return (await this.run('reward', key, points)).state;
  }

  async peek(key: string) {
    return (await this.run('peek', key, 0)).state;
  }

  async delete(key: string) {
    const log = `${this.prefix}${key}`;
    await this.redis.del(log, `${log}:blocked`);
  }
}

export interface RateLimiterOptions {
  /** Prepended to every key; tests give each app their own (the `redisKeyPrefix` of a service). */
  keyPrefix?: string;
}

/**
 * One limit, counted in Redis for every replica of a service. `consume` spends points and throws
 * the kit's 429 (a RateLimitedError carrying Retry-After) once the limit is reached; `penalty`
 * counts without refusing (failures), `assertAvailable` refuses without counting, `peek` reads,
 * `reward`/`delete` give points back (a successful login clears its failures). A Redis error is
 * thrown as it is: the limits guard logins and public writes, so they fail closed.
 * @example
 *   const pageViews = new RateLimiter(redis, {
 *     name: 'page-views', points: 120, durationSeconds: 60,
 *     message: AnalyticsMessages.tooManyPageViews, code: 'PAGE_VIEW_RATE_LIMITED',
 *   }, { keyPrefix: 'pv:analytics:' });
 *   await pageViews.consume(request.ip); // 429 with Retry-After past 120 a minute
 */
export class RateLimiter {
  private readonly counter: Counter;

  constructor(
    redis: Redis,
    readonly limit: RateLimit,
    options: RateLimiterOptions = {},
  ) {
    for (const field of ['points', 'durationSeconds'] as const) {
      if (!Number.isInteger(limit[field]) || limit[field] < 1)
        throw new Error(`Rate limit ${limit.name}: ${field} must be a positive integer`);
    }
    const keyPrefix = options.keyPrefix ?? 'pv:rate-limit:';
    this.counter =
      limit.window === 'sliding'
        ? new SlidingWindow(redis, limit, keyPrefix)
        : new FixedWindow(redis, limit, keyPrefix);
  }

  /** The 429 this limit answers, Retry-After at least one second. */
  refusal(state: RateLimitState): RateLimitedError {
    return new RateLimitedError(
      this.limit.code ?? 'RATE_LIMITED',
      this.limit.message ?? Messages.tooManyRequests,
      Math.max(state.resetSeconds, 1),
    );
  }

  /** Spends `points` of the key's allowance, or throws the 429 (nothing is spent then in a sliding window). */
  async consume(key: string, points = 1): Promise<RateLimitState> {
    const { state, refused } = await this.counter.consume(key, points);
    if (refused) throw this.refusal(state);
    return state;
  }

  /** Throws the 429 if the key has nothing left; spends nothing. */
  async assertAvailable(key: string): Promise<RateLimitState> {
    const state = await this.counter.peek(key);
    if (state.remaining <= 0) throw this.refusal(state);
    return state;
  }

  /** Counts `points` against the key without refusing (e.g. a failed password). */
  penalty(key: string, points = 1): Promise<RateLimitState> {
    return this.counter.penalty(key, points);
  }

  /** Gives back up to `points` spent points. */
  reward(key: string, points = 1): Promise<RateLimitState> {
    return this.counter.reward(key, points);
  }

  /** Where the key stands, without spending anything. */
  peek(key: string): Promise<RateLimitState> {
    return this.counter.peek(key);
  }

  /** Forgets the key (and any block on it). */
  delete(key: string): Promise<void> {
    return this.counter.delete(key);
  }
}

/** Failures that slow a key down more each time, instead of a fixed count that shuts it out. */
export interface FailureBackoffPolicy {
  /** Names the counters in Redis, e.g. 'login-backoff'. */
  name: string;
  /** Failures allowed before the first wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  baseSeconds: number;
  /** The longest wait. */
  maxSeconds: number;
  /** How long failures are remembered after the first one (a success forgets them at once). */
  memorySeconds: number;
  message?: string;
  code?: string;
}

/**
 * Exponential backoff per key (e.g. an account from one address): after `freeFailures` failures,
 * each failure blocks the key for base·2^n seconds (capped), during which every attempt is a 429,
 * even a right one, so guessing cannot go on; attempts refused while blocked do not count. Built on
 * the same rate-limiter-flexible counters as RateLimiter; fails closed when Redis is down.
 * @example
 *   const backoff = new FailureBackoff(redis, { name: 'login-backoff', freeFailures: 5,
 *     baseSeconds: 30, maxSeconds: 900, memorySeconds: 86_400 }, { keyPrefix });
 *   await backoff.assertAllowed(`${email}|${ip}`); // 429 with Retry-After while waiting
 */
export class FailureBackoff {
  private readonly failures: RateLimiterRedis;
  private readonly blocks: RateLimiterRedis;

  constructor(
    redis: Redis,
    readonly policy: FailureBackoffPolicy,
    options: RateLimiterOptions = {},
  ) {
    const keyPrefix = `${options.keyPrefix ?? 'pv:rate-limit:'}${policy.name}`;
    // Points are never refused here: the counter only remembers how many failures there were.
    this.failures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${keyPrefix}:failures`,
      points: Number.MAX_SAFE_INTEGER,
      duration: policy.memorySeconds,
    });
    this.blocks = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${keyPrefix}:blocked`,
      points: 1,
      duration: policy.maxSeconds,
    });
  }

  /** Throws the 429 (Retry-After = the wait left) while the key is blocked. */
  async assertAllowed(key: string): Promise<void> {
    const blocked = await this.blocks.get(key);
    if (blocked && blocked.consumedPoints > 1 && blocked.msBeforeNext > 0) {
      throw new RateLimitedError(
        this.policy.code ?? 'RATE_LIMITED',
        this.policy.message ?? Messages.tooManyRequests,
        Math.max(secondsOf(blocked.msBeforeNext), 1),
      );
    }
  }

  /** Counts a failure; past the free ones, blocks the key. Returns the wait it set (0: none). */
  async recordFailure(key: string): Promise<number> {
    const res = await this.failures.penalty(key, 1);
    const over = res.consumedPoints - this.policy.freeFailures - 1;
    if (over < 0) return 0;
    const wait = Math.min(this.policy.baseSeconds * 2 ** over, this.policy.maxSeconds);
    await this.blocks.block(key, wait);
    return wait;
  }

  /** Forgets the key's failures and any wait (a success). */
  async clear(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.blocks.delete(key)]);
  }
}

/**
 * The key a per-address limit counts a client under (issue 23 item 5): an IPv4 address as it is
 * (also when written IPv4-mapped, `::ffff:203.0.113.9`), an IPv6 address as its /64 - one
 * subscriber's network, whose 2^64 addresses a client can hop between freely. Every per-address
 * limit in every service keys on this, as the gateway's does (@fastify/rate-limit's /64).
 * @example await verifyLimiter.consume(addressKey(request.ip));
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const lower = ip.toLowerCase().split('%')[0] ?? '';
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return mapped[1];
  // Expand "::" and keep the first four groups.
  const [head = '', tail] = lower.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail counts as two groups; past the /64 it does not matter which.
  const tailLength = tailGroups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array(Math.max(0, 8 - headGroups.length - tailLength)).fill('0'),
          ...tailGroups,
        ];
  const prefix = groups.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
