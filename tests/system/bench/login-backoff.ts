/**
 * 1,000 wrong passwords for one account from 100 addresses (issue 23 item 5), against the real
 * auth service (real Postgres, Redis, argon2id) with its default throttling settings. The attack
 * runs as fast as one client can send it; then the account's owner signs in (a) from the browser
 * it used before (device cookie) and (b) from an address never seen, retrying after each
 * Retry-After. Prints what the attacker got and the owner's delay, for docs/BENCHMARKS.md.
 *
 *   node --import tsx bench/login-backoff.ts            (from the repo root)
 */
import { randomBytes } from 'node:crypto';
import { buildAuthApp } from '@pv/auth';
import { loadAuthConfig } from '@pv/auth/config';
import { openAuth } from '@pv/auth/runtime';
import { createTestDatabase, testInfra, testSessionKeys } from '@pv/service-kit/testing';

const ATTEMPTS = 1_000;
const ADDRESSES = 100;

const keys = testSessionKeys();
const db = await createTestDatabase('bench_login_backoff');
const config = loadAuthConfig({
  POSTGRES_URL: testInfra.postgresUrl,
  REDIS_URL: testInfra.redisUrl,
  NATS_URL: testInfra.natsUrl,
  AUTH_DATABASE: db.name,
  SESSION_PUBLIC_KEY: keys.publicKey,
  SESSION_PRIVATE_KEY: keys.privateKey,
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: 'bench.admin@clinica.test',
  ADMIN_PASSWORD: `Bench-${randomBytes(6).toString('hex')}!1`,
});
const runtime = await openAuth(config);
const prefix = `pv:bench:auth:${randomBytes(5).toString('hex')}:`;
const app = await buildAuthApp({ config, runtime, logger: false, redisKeyPrefix: prefix });

const login = (address: string, email: string, password: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
    payload: { email, password },
  });

try {
  const email = 'dona.da.conta@clinica.test';
  const password = 'Senha-Da-Dona-2026!';
  const signUp = await app.inject({
    method: 'POST',
    url: '/auth/register',
    headers: { 'x-forwarded-for': '198.51.100.7' },
    payload: { email, password, firstName: 'Dona', lastName: 'Conta' },
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up: ${signUp.body}`);
  const device = signUp.cookies.find((c) => c.name === 'pv_device');
  const first = await login('198.51.100.7', email, password);
  const deviceCookie = `pv_device=${first.cookies.find((c) => c.name === 'pv_device')?.value ?? device?.value}`;

  const counts = new Map<number, number>();
  let longestWait = 0;
  const started = performance.now();
  for (let i = 0; i < ATTEMPTS; i++) {
    const address = `203.0.113.${(i % ADDRESSES) + 1}`;
    const res = await login(address, email, `errada-${i}!`);
    counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode === 429)
      longestWait = Math.max(longestWait, Number(res.headers['retry-after'] ?? 0));
  }
  const attackSeconds = (performance.now() - started) / 1000;

  const known = performance.now();
  const fromDevice = await login('198.51.100.7', email, password, deviceCookie);
  const knownMs = performance.now() - known;

  const fresh = performance.now();
  let tries = 0;
  for (;;) {
    tries++;
    const res = await login('192.0.2.200', email, password);
    if (res.statusCode === 200) break;
    if (res.statusCode !== 429) throw new Error(`owner got ${res.statusCode}: ${res.body}`);
    await new Promise((r) => setTimeout(r, Number(res.headers['retry-after'] ?? 1) * 1000));
  }
  const freshSeconds = (performance.now() - fresh) / 1000;

  const rows = [
    `| attack: ${ATTEMPTS} wrong passwords from ${ADDRESSES} addresses | ${attackSeconds.toFixed(1)} s; ${[...counts].map(([s, n]) => `${n} x ${s}`).join(', ')}; longest Retry-After ${longestWait} s |`,
    `| owner, browser it signed in from before (device cookie) | ${fromDevice.statusCode} after ${knownMs.toFixed(0)} ms |`,
    `| owner, an address never seen | 200 after ${freshSeconds.toFixed(1)} s (${tries} tries) |`,
  ];
  console.log('| what | result |\n| --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  await app.close();
  const stale = await runtime.redis.keys(`${prefix}*`);
  if (stale.length > 0) await runtime.redis.del(...stale);
  await runtime.close();
  await db.drop();
}
