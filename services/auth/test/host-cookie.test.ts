import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthUnderTest, Client, newUser, startAuth } from './harness.js';

// Issue 23 item 5: behind an https public origin the session cookie is `__Host-` prefixed and
// Secure (no Domain, Path=/), and a plain `pv_session` no longer counts; plain http (npm start,
// the tests) keeps `pv_session` without Secure.
const ORIGIN = 'https://app.prontuario.test';
let https: AuthUnderTest;
let http: AuthUnderTest;
beforeAll(async () => {
  https = await startAuth({ PUBLIC_ORIGINS: ORIGIN });
  http = await startAuth();
});
afterAll(async () => {
  await https.close();
  await http.close();
});

async function signIn(url: string) {
  const { email, password } = await newUser(url);
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().find((c) => /^(__Host-)?pv_session=/.test(c)) ?? '';
}

const userWith = (url: string, cookie: string) =>
  fetch(`${url}/auth/user`, { headers: { cookie } }).then((res) => res.status);

describe('the session cookie', () => {
  it('is __Host-pv_session, Secure, Path=/ and without Domain when the public origin is https', async () => {
    const set = await signIn(https.url);
    expect(set).toMatch(/^__Host-pv_session=[^;]+;/);
    expect(set).toMatch(/; Secure/i);
    expect(set).toMatch(/; Path=\//);
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).not.toMatch(/Domain=/i);
    const pair = set.split(';')[0]!;
    expect(await userWith(https.url, pair)).toBe(200);
    // The same token under the plain name (planted from a sibling subdomain) is not a session.
    const token = pair.slice(pair.indexOf('=') + 1);
    expect(await userWith(https.url, `pv_session=${token}`)).toBe(401);
  });

  it('stays pv_session without Secure on plain http', async () => {
    const set = await signIn(http.url);
    expect(set).toMatch(/^pv_session=[^;]+;/);
    expect(set).not.toMatch(/Secure/i);
    expect(await userWith(http.url, set.split(';')[0]!)).toBe(200);
  });

  it('logout clears the __Host- cookie', async () => {
    const set = await signIn(https.url);
    const client = new Client(https.url, { origin: ORIGIN });
    client.cookie = set.split(';')[0]!;
    const out = await fetch(`${https.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie: client.cookie, origin: ORIGIN },
    });
    expect(out.status).toBeLessThan(300);
    expect(out.headers.getSetCookie().some((c) => /^__Host-pv_session=;/.test(c))).toBe(true);
  });
});
