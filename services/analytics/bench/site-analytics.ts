/**
 * Analytics benchmark of issue 6: GET /api/admin/site-analytics?days=90 over 10 million page
 * views (goal: under 100 ms). Loads the page views, spread over the last 120 days, into a
 * throwaway database with bulk INSERT ... SELECT generate_series, builds the rollups with the
 * service's own rollup SQL (rebuildRollups), then times the real route through HTTP, repeated.
 * For scale it also times the same figures counted from the raw rows, visitor tracking, and a
 * few seconds of page-view writes (each one updates its day's rollup).
 *
 *   node --import tsx services/analytics/bench/site-analytics.ts      (repo root)
 *
 * Needs Postgres and Redis (as the tests; NATS is optional). Tunables: BENCH_PAGE_VIEWS
 * (10000000), BENCH_ADDRESSES (50000 distinct addresses), BENCH_CALLS (200), BENCH_SECONDS (5).
 * The database is dropped at the end unless BENCH_KEEP=1.
 */
import { randomBytes } from 'node:crypto';
import { createRedis, dropDatabase } from '@pv/service-kit/runtime';
import { mintSession, testInfra, testSessionKeys } from '@pv/service-kit/testing';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildAnalyticsApp } from '../src/app.js';
import { loadAnalyticsConfig } from '../src/config.js';
import { rebuildRollups } from '../src/page-views/page-view.repository.js';
import { openAnalytics } from '../src/runtime.js';
import { addDays, dayOf } from '../src/time/sao-paulo-day.js';

const PAGE_VIEWS = Number(process.env.BENCH_PAGE_VIEWS ?? 10_000_000);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 50_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DAYS = 120;
const CHUNK = 1_000_000;

const database = `bench_analytics_${randomBytes(4).toString('hex')}`;
const keys = testSessionKeys();
const config = loadAnalyticsConfig({
  POSTGRES_URL: testInfra.postgresUrl,
  REDIS_URL: testInfra.redisUrl,
  NATS_URL: testInfra.natsUrl,
  ANALYTICS_DATABASE: database,
  SESSION_PUBLIC_KEY: keys.publicKey,
  LOG_LEVEL: 'silent',
  PAGE_VIEW_MAX_PER_MINUTE: '1000000000',
});
const runtime = await openAnalytics(config);
const db = runtime.db;
const redis = createRedis(testInfra.redisUrl);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  const now = new Date();
  const today = dayOf(now);
  console.log(`database ${database}: loading ${PAGE_VIEWS.toLocaleString('en')} page views`);
  let started = performance.now();
  for (let from = 1; from <= PAGE_VIEWS; from += CHUNK) {
    const to = Math.min(PAGE_VIEWS, from + CHUNK - 1);
    // Row g happens at now - (1 - g/N) * 120 days, from an address among ADDRESSES (a
    // multiplicative hash spreads them), one view in five by a signed-in user.
    await sql`
      INSERT INTO page_views (occurred_at, day, ip_address, user_agent, user_id, app, path, referrer)
      SELECT ts, (ts AT TIME ZONE 'America/Sao_Paulo')::date,
             ('10.' || (a / 65536) || '.' || ((a / 256) % 256) || '.' || (a % 256))::inet,
             'Mozilla/5.0 (bench)', CASE WHEN g % 5 = 0 THEN gen_random_uuid() END,
             CASE WHEN g % 10 = 0 THEN 'admin' ELSE 'workspace' END, '/', NULL
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g,
           LATERAL (SELECT ${now}::timestamptz - (1 - g::float8 / ${PAGE_VIEWS}) * ${DAYS} * interval '1 day' AS ts,
                           (g * 2654435761) % ${ADDRESSES} AS a) AS v
    `.execute(db);
    process.stdout.write(`  ${to.toLocaleString('en')} rows (${seconds(started)} s)\n`);
  }
  console.log(`loaded in ${seconds(started)} s; building the rollups (rebuildRollups)`);
  started = performance.now();
  await rebuildRollups(db, addDays(today, -DAYS - 1), today);
  await sql`ANALYZE`.execute(db);
  console.log(`rollups built in ${seconds(started)} s`);
  const sizes = await sql<{ relation: string; size: string; rows: number }>`
    SELECT relname AS relation, pg_size_pretty(pg_total_relation_size(oid)) AS size,
           reltuples::bigint AS rows
    FROM pg_class WHERE relname IN ('page_views', 'daily_visitors', 'page_views_daily')
  `.execute(db);
  console.table(sizes.rows);

  const app = await buildAnalyticsApp({ config, runtime, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { token } = await mintSession(keys, redis, { isAdmin: true });
  const cookie = `pv_session=${token}`;

  async function time(title: string, path: string, calls: number) {
    const samples: number[] = [];
    let body: unknown;
    for (let i = 0; i < calls + 5; i++) {
      const t = performance.now();
      const res = await fetch(`${url}${path}`, { headers: { cookie } });
      body = await res.json();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
      if (i >= 5) samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
    console.log(
      `| ${title} | ${calls} | ${mean.toFixed(1)} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} | ${percentile(samples, 100).toFixed(1)} |`,
    );
    return body;
  }

  console.log('\n| call (through HTTP) | calls | mean ms | p50 ms | p95 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const quarter = (await time(
    'GET /api/admin/site-analytics?days=90',
    '/api/admin/site-analytics?days=90',
    CALLS,
  )) as { summary: Record<string, number> };
  await time('GET /api/admin/site-analytics?days=30', '/api/admin/site-analytics?days=30', CALLS);
  await time('GET /api/admin/visitor-tracking', '/api/admin/visitor-tracking', CALLS);

  // What the rollups spare: the same 90-day page views and daily visitors from the raw rows.
  const raw: number[] = [];
  let rawTotals = { views: 0, visitors: 0 };
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const result = await sql<{ views: number; visitors: number }>`
      SELECT sum(n)::bigint AS views, sum(v)::bigint AS visitors FROM (
        SELECT count(*) AS n, count(DISTINCT ip_address) AS v FROM page_views
        WHERE day BETWEEN ${addDays(today, -89)}::date AND ${today}::date GROUP BY day
      ) per_day
    `.execute(db);
    raw.push(performance.now() - t);
    rawTotals = result.rows[0]!;
  }
  console.log(
    `\nthe same 90 days counted from the raw rows (count, count(DISTINCT) per day), 3 runs: ${raw.map((r) => r.toFixed(0)).join(', ')} ms`,
  );
  console.log(
    `rollups: ${quarter.summary.totalPageViews} page views, ${quarter.summary.totalVisitors} visitor-days; raw rows: ${rawTotals.views} page views, ${rawTotals.visitors} visitor-days`,
  );

  // Writes: each page view inserts its row and updates its day's rollup row.
  let n = 0;
  const writes = await autocannon({
    url: `${url}/api/analytics/page-view`,
    connections: 16,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `172.16.${(n >> 8) & 255}.${n++ & 255}`,
          },
          body: JSON.stringify({ path: '/', app: 'workspace' }),
        }),
      },
    ],
  });
  console.log(
    `\nPOST /api/analytics/page-view, 16 connections, ${SECONDS} s: ${writes.requests.average.toFixed(0)} req/s, p50 ${writes.latency.p50} ms, p99 ${writes.latency.p99} ms, non-2xx ${writes.non2xx + writes.errors}`,
  );
  await app.close();
} finally {
  redis.disconnect();
  await runtime.close();
  if (process.env.BENCH_KEEP !== '1') await dropDatabase(testInfra.postgresUrl, database);
}
