import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeService,
  refusedUrl,
  startFakeService,
  startGateway,
  type TestGateway,
} from './helpers.js';

const MAX = 3;

describe('rate limits on the password routes (per client IP, Redis-backed)', () => {
  let auth: FakeService;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startFakeService('auth');
    gateway = await startGateway({
      AUTH_URL: auth.url,
      RATE_LIMIT_AUTH_MAX: String(MAX),
      RATE_LIMIT_AUTH_WINDOW_SECONDS: '60',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await auth.close();
  });

  const post = (path: string) =>
    request(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ana@example.com', password: 'errada' }),
    });

  it('POST /auth/login: the (N+1)th request in the window gets 429 with Retry-After', async () => {
    for (let i = 0; i < MAX; i++) {
      const ok = await post('/auth/login');
      await ok.body.dump();
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(MAX - i - 1));
    }
    const seenBefore = auth.seen.length;
    const limited = await post('/auth/login');
    expect(limited.statusCode).toBe(429);
    expect(await limited.body.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Muitas requisições. Aguarde um momento e tente novamente.',
      requestId: limited.headers['x-request-id'],
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(auth.seen.length).toBe(seenBefore);
    // The counter lives in Redis under this run's prefix.
    expect(await gateway.redis.keys(`${gateway.nameSpace}*`)).not.toHaveLength(0);
  });

  it('cannot be dodged by spelling the path differently', async () => {
    for (const path of ['/auth/%6Cogin', '/auth/login/', '/auth/login?x=1']) {
      const response = await post(path);
      await response.body.dump();
      expect(response.statusCode).toBe(429);
    }
  });

  it('counts each password route apart, and leaves the other routes alone', async () => {
    for (let i = 0; i < MAX; i++) await (await post('/api/admin/reset-password')).body.dump();
    const limited = await post('/api/admin/reset-password');
    await limited.body.dump();
    expect(limited.statusCode).toBe(429);

    const register = await post('/auth/register');
    await register.body.dump();
    expect(register.statusCode).toBe(200);
    for (let i = 0; i < MAX + 2; i++) {
      const user = await request(`${gateway.url}/auth/user`);
      await user.body.dump();
      expect(user.statusCode).toBe(200);
      const logout = await post('/auth/logout');
      await logout.body.dump();
      expect(logout.statusCode).toBe(200);
    }
  });
});

describe('when Redis is unreachable', () => {
  let auth: FakeService;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startFakeService('auth');
    const deadRedis = (await refusedUrl()).replace('http://', 'redis://');
    gateway = await startGateway({ AUTH_URL: auth.url, REDIS_URL: deadRedis });
  });
  afterAll(async () => {
    await gateway.close();
    await auth.close();
  });

  it('reports not ready, and lets logins through (fail open) without hanging', async () => {
    const ready = await request(`${gateway.url}/ready`);
    expect(ready.statusCode).toBe(503);
    expect(((await ready.body.json()) as { checks: { redis: string } }).checks.redis).toMatch(
      /^down/,
    );

    const started = performance.now();
    const login = await request(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await login.body.dump();
    expect(login.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
