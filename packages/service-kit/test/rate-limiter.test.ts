import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import {
  addressKey,
  FailureBackoff,
  type RateLimit,
  RateLimitedError,
  RateLimiter,
  registerRetryAfter,
} from '../src/rate-limiter.js';
import { createRedis } from '../src/redis.js';
import { testInfra } from '../src/testing/index.js';

const redis = createRedis(testInfra.redisUrl);
const prefix = `pv:test:rate-limiter:${randomBytes(5).toString('hex')}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

let counter = 0;
/** A limiter under this file's prefix, on a name no other test uses. */
function limiter(limit: Partial<RateLimit> & Pick<RateLimit, 'points' | 'durationSeconds'>) {
  return new RateLimiter(redis, { name: `limit-${++counter}`, ...limit }, { keyPrefix: prefix });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `consume` and reports how it ended: the state, or the refusal. */
async function attempt(rl: RateLimiter, key: string, points = 1) {
  try {
    return { ok: true as const, state: await rl.consume(key, points) };
  } catch (error) {
    if (error instanceof RateLimitedError) return { ok: false as const, error };
    throw error;
  }
}

describe.each(['fixed', 'sliding'] as const)('RateLimiter, %s window', (window) => {
  it('allows `points` per window, then refuses with the 429 of the limit', async () => {
    const rl = limiter({
      window,
      points: 3,
      durationSeconds: 60,
      message: 'Muitas tentativas.',
      code: 'TEST_LIMITED',
    });
    const states = [];
    for (let i = 0; i < 3; i++) states.push(await rl.consume('a'));
    expect(states.map((s) => s.remaining)).toEqual([2, 1, 0]);
    expect(states.map((s) => s.consumed)).toEqual([1, 2, 3]);
    const refused = await attempt(rl, 'a');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toBeInstanceOf(RateLimitedError);
    expect(refused.error).toMatchObject({
      statusCode: 429,
      code: 'TEST_LIMITED',
      message: 'Muitas tentativas.',
    });
    // The whole minute is left (give or take the second that passed).
    expect(refused.error.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('frees the allowance when the window has passed', async () => {
    const rl = limiter({ window, points: 2, durationSeconds: 1 });
    await rl.consume('k');
    await rl.consume('k');
    const refused = await attempt(rl, 'k');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.retryAfterSeconds).toBe(1);
    await sleep(1_100);
    expect((await attempt(rl, 'k')).ok).toBe(true);
  });

  it('keeps keys apart, and limiters with another key prefix apart', async () => {
    const rl = limiter({ window, points: 1, durationSeconds: 60 });
    await rl.consume('one');
    expect((await attempt(rl, 'one')).ok).toBe(false);
    expect((await attempt(rl, 'two')).ok).toBe(true);

    const otherPrefix = `${prefix}other:`;
    const sameName = new RateLimiter(redis, rl.limit, { keyPrefix: otherPrefix });
    expect((await attempt(sameName, 'one')).ok).toBe(true);
    expect(await redis.keys(`${otherPrefix}${rl.limit.name}:one*`)).not.toHaveLength(0);
  });

  it('never lets N parallel callers spend more than the limit', async () => {
    const rl = limiter({ window, points: 7, durationSeconds: 60 });
    const results = await Promise.all(Array.from({ length: 40 }, () => attempt(rl, 'crowd')));
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    expect((await rl.peek('crowd')).remaining).toBe(0);
  });

  it('peeks and asserts without spending; penalties count without refusing', async () => {
    const rl = limiter({ window, points: 2, durationSeconds: 60 });
    expect(await rl.peek('p')).toEqual({ consumed: 0, remaining: 2, resetSeconds: 0 });
    await rl.assertAvailable('p');
    await rl.assertAvailable('p');
    expect((await rl.peek('p')).consumed).toBe(0);

    await rl.penalty('p');
    await rl.penalty('p');
    const third = await rl.penalty('p'); // over the limit, and still no refusal
    expect(third.consumed).toBe(3);
    await expect(rl.assertAvailable('p')).rejects.toBeInstanceOf(RateLimitedError);
    const state = await rl.peek('p');
    expect(state.remaining).toBe(0);
    expect(state.resetSeconds).toBeGreaterThan(0);
  });

  it('delete and reward give the allowance back (a successful login clears its failures)', async () => {
    const rl = limiter({ window, points: 2, durationSeconds: 60 });
    await rl.consume('r');
    await rl.consume('r');
    expect((await rl.reward('r')).remaining).toBe(1);
    expect((await attempt(rl, 'r')).ok).toBe(true);
    // A reward larger than what was spent banks nothing.
    expect((await rl.reward('r', 10)).remaining).toBe(2);
    await rl.consume('r', 2);
    expect((await attempt(rl, 'r')).ok).toBe(false);
    await rl.delete('r');
    expect(await rl.peek('r')).toEqual({ consumed: 0, remaining: 2, resetSeconds: 0 });
    expect((await attempt(rl, 'r')).ok).toBe(true);
  });

  it('with blockSeconds, refuses for the block even after the window has freed', async () => {
    const rl = limiter({ window, points: 1, durationSeconds: 1, blockSeconds: 3 });
    await rl.consume('b');
    const refused = await attempt(rl, 'b');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.retryAfterSeconds).toBe(3);
    await sleep(1_200);
    expect((await attempt(rl, 'b')).ok).toBe(false);
    await expect(rl.assertAvailable('b')).rejects.toBeInstanceOf(RateLimitedError);
    await rl.delete('b');
    expect((await attempt(rl, 'b')).ok).toBe(true);
  });
});

describe('a sliding window', () => {
  it('counts the trailing window, not a window that resets as a whole', async () => {
    const rl = limiter({ window: 'sliding', points: 2, durationSeconds: 2 });
    await rl.consume('s');
    await sleep(1_100);
    await rl.consume('s');
    // A fixed window would still be full here; the first point has left the trailing window.
    await sleep(1_000);
    expect((await attempt(rl, 's')).ok).toBe(true);
    // The second and third points are both inside the last 2 s.
    expect((await attempt(rl, 's')).ok).toBe(false);
  });
});

describe('the 429 a route answers', () => {
  it('is the kit error shape with the limit code and message, and Retry-After in seconds', async () => {
    const app = await createServiceApp({ name: 'limited', logger: false });
    registerRetryAfter(app);
    const rl = limiter({
      points: 1,
      durationSeconds: 30,
      message: 'Muitas requisições deste endereço.',
    });
    app.post('/do', async (request) => {
      await rl.consume(request.ip);
      return { done: true };
    });
    expect((await app.inject({ method: 'POST', url: '/do' })).statusCode).toBe(200);
    const limited = await app.inject({ method: 'POST', url: '/do' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Muitas requisições deste endereço.',
      requestId: limited.headers['x-request-id'],
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(29);
    expect(retryAfter).toBeLessThanOrEqual(30);
    await app.close();
  });

  it('refuses a limit that is not whole positive numbers', () => {
    expect(() => limiter({ points: 0, durationSeconds: 60 })).toThrow(/points/);
    expect(() => limiter({ points: 1, durationSeconds: 0.5 })).toThrow(/durationSeconds/);
  });
});

describe('FailureBackoff', () => {
  const backoff = () =>
    new FailureBackoff(
      redis,
      {
        name: `backoff-${++counter}`,
        freeFailures: 2,
        baseSeconds: 1,
        maxSeconds: 4,
        memorySeconds: 60,
        message: 'Aguarde.',
        code: 'TEST_BACKOFF',
      },
      { keyPrefix: prefix },
    );
  const allowed = async (b: FailureBackoff, key: string) => {
    try {
      await b.assertAllowed(key);
      return true;
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 429, code: 'TEST_BACKOFF', message: 'Aguarde.' });
      return false;
    }
  };

  it('lets the free failures through, then doubles the wait up to the cap, per key', async () => {
    const b = backoff();
    expect([await b.recordFailure('k'), await b.recordFailure('k')]).toEqual([0, 0]);
    expect(await allowed(b, 'k')).toBe(true);
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await b.recordFailure('k'));
    expect(waits).toEqual([1, 2, 4, 4]);
    expect(await allowed(b, 'k')).toBe(false);
    // Another key (the same account from another address) is untouched.
    expect(await allowed(b, 'other')).toBe(true);
  });

  it('lifts the wait when it has passed, and a success forgets everything', async () => {
    const b = backoff();
    for (let i = 0; i < 3; i++) await b.recordFailure('k');
    expect(await allowed(b, 'k')).toBe(false);
    await sleep(1100);
    expect(await allowed(b, 'k')).toBe(true);
    await b.clear('k');
    expect(await b.recordFailure('k')).toBe(0);
  });
});

describe('addressKey: what a per-address limit counts (issue 23 item 5)', () => {
  it('groups IPv6 by /64 and keeps IPv4 (also IPv4-mapped) as it is', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    const one = addressKey('2001:db8:1:2:3:4:5:6');
    expect(one).toBe('2001:db8:1:2::/64');
    for (const same of [
      '2001:db8:1:2::9',
      '2001:DB8:0001:0002:ffff::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
    ])
      expect(addressKey(same)).toBe(one);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(one);
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
