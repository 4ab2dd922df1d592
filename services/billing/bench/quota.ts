/**
 * Billing benchmarks of issue 5: the cost of the quota check every signed-in formatting and PDF
 * pays (POST /internal/quota/consume: a row lock, a count and an insert in one transaction), for
 * one user hammering their own row (the worst case: every call waits for the previous one's
 * lock) and for many users at once; and the Super Transcritor usage report.
 *
 *   node --import tsx services/billing/bench/quota.ts      (repo root)
 *
 * Needs Postgres, Redis and nats-server (as the tests). Tunables: BENCH_SECONDS (5),
 * BENCH_CONNECTIONS (16), BENCH_USERS (50).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startBilling } from '../test/harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const USERS = Number(process.env.BENCH_USERS ?? 50);

const billing = await startBilling();

async function run(scenario: {
  title: string;
  path: string;
  cookies: string[];
  body: () => unknown;
}): Promise<void> {
  const { title, path, cookies, body } = scenario;
  let next = 0;
  const result = await autocannon({
    url: `${billing.url}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            cookie: cookies[next++ % cookies.length]!,
          },
          body: JSON.stringify(body()),
        }),
      },
    ],
  });
  const errors = result.non2xx + result.errors;
  console.log(
    `| ${title} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} |`,
  );
}

try {
  const premium = await Promise.all(Array.from({ length: USERS }, () => billing.as('premium')));
  const free = await Promise.all(Array.from({ length: USERS }, () => billing.as('free')));
  const lone = await billing.as('free');
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each\n`);
  console.log('| scenario | req/s | p50 (ms) | p99 (ms) | non-2xx |');
  console.log('|---|---:|---:|---:|---:|');
  const consume = () => ({ kind: 'formatting', reservationId: randomUUID() });
  // Free callers take the locked path (row lock, count, insert or 429); after their 30 the
  // answers are 429s, which still do the whole locked decision.
  await run({
    title: 'quota consume, 1 free user (every call waits for the same row lock)',
    path: '/internal/quota/consume',
    cookies: [lone.cookie],
    body: consume,
  });
  await run({
    title: `quota consume, ${USERS} free users (locked path)`,
    path: '/internal/quota/consume',
    cookies: free.map((c) => c.cookie),
    body: consume,
  });
  await run({
    title: `quota consume, ${USERS} Premium users (no lock, one insert)`,
    path: '/internal/quota/consume',
    cookies: premium.map((c) => c.cookie),
    body: consume,
  });
  await run({
    title: `speech usage report, ${USERS} free users (1 s each)`,
    path: '/api/super-transcritor/usage',
    cookies: free.map((c) => c.cookie),
    body: () => ({ secondsToAdd: 1 }),
  });
} finally {
  await billing.close();
}
