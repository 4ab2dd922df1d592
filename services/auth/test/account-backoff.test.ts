import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthUnderTest, Client, newUser, startAuth } from './harness.js';

/**
 * Issue 23 item 5: wrong passwords for one account from many addresses slow that account down
 * (a short, capped wait), never lock its owner out: a browser the owner signed in from before
 * skips the wait, and anyone else gets in once it ran out.
 */
describe('the account-wide login backoff', () => {
  let auth: AuthUnderTest;
  beforeAll(async () => {
    auth = await startAuth({
      TRUST_PROXY: 'true',
      LOGIN_FREE_FAILURES_PER_ACCOUNT: '3',
      LOGIN_ACCOUNT_BACKOFF_BASE_SECONDS: '1',
      LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS: '2',
    });
  });
  afterAll(() => auth.close());

  const from = (address: string, cookie?: string) =>
    new Client(auth.url, {
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    });

  it('makes every address wait after many wrong passwords, except the owner’s known browser', async () => {
    const { email, password } = await newUser(auth.url);
    // The owner signs in once from home: that browser gets the device cookie.
    const home = await from('198.51.100.7').post('/auth/login', { email, password });
    expect(home.status).toBe(200);
    const device = home.headers
      .getSetCookie()
      .find((c) => c.startsWith('pv_device='))
      ?.split(';')[0];
    expect(device).toBeDefined();
    expect(home.headers.getSetCookie().find((c) => c.startsWith('pv_device='))).toMatch(
      /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i,
    );

    // Four addresses, one wrong password each: the per-address limits never trip.
    for (let i = 1; i <= 4; i++) {
      const res = await from(`203.0.113.${i}`).post('/auth/login', {
        email,
        password: 'errada-1!',
      });
      expect(res.status).toBe(401);
    }
    // A fifth address, even with the right password, waits (Retry-After says how long).
    const stranger = await from('203.0.113.50').post('/auth/login', { email, password });
    expect(stranger.status).toBe(429);
    expect(stranger.body.code).toBe('LOGIN_THROTTLED');
    const wait = Number(stranger.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);

    // The owner's browser is not held up.
    const owner = await from('198.51.100.7', device).post('/auth/login', { email, password });
    expect(owner.status).toBe(200);
  });

  it('lets the owner in from a new address once the wait ran out', async () => {
    const { email, password } = await newUser(auth.url);
    for (let i = 1; i <= 5; i++)
      await from(`192.0.2.${i}`).post('/auth/login', { email, password: 'errada-1!' });
    const refused = await from('192.0.2.99').post('/auth/login', { email, password });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    const later = await from('192.0.2.99').post('/auth/login', { email, password });
    expect(later.status).toBe(200);
  });

  it('throttles guesses of the current password through a session like sign-in guesses', async () => {
    const { email, password } = await newUser(auth.url);
    const thief = from('203.0.113.77');
    await thief.login(email, password);
    const guess = (currentPassword: string) =>
      thief.post('/auth/change-password', {
        currentPassword,
        newPassword: 'Nova-Senha-2026!',
        confirmPassword: 'Nova-Senha-2026!',
      });
    for (let i = 0; i < 6; i++) expect((await guess(`chute-${i}!`)).status).toBe(400);
    const refused = await guess(password);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('LOGIN_THROTTLED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
