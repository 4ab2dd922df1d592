/**
 * Support benchmarks of issue 6: the admin list (filters, free-text search and the counters of
 * the whole queue, computed on every call) over a large queue, and ticket creation.
 *
 *   node --import tsx services/support/bench/tickets.ts      (repo root)
 *
 * Needs Postgres, Redis and nats-server (as the tests). Tunables: BENCH_TICKETS (20000),
 * BENCH_SECONDS (5), BENCH_CONNECTIONS (8).
 */

import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '@pv/contracts';
import autocannon from 'autocannon';
import { startSupport, ticketForm } from '../test/harness.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

const support = await startSupport({ SUPPORT_USER_TICKETS_PER_HOUR: '1000000' });

interface Scenario {
  title: string;
  method: 'GET' | 'POST';
  path: string;
  cookie: string;
}

async function run({ title, method, path, cookie }: Scenario) {
  const result = await autocannon({
    url: `${support.url}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method,
    headers: { 'content-type': 'application/json', cookie },
    ...(method === 'POST' ? { body: JSON.stringify(ticketForm()) } : {}),
  });
  const errors = result.non2xx + result.errors;
  console.log(
    `| ${title} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} |`,
  );
}

try {
  const hour = 3_600_000;
  const start = Date.now() - TICKETS * 60_000;
  for (let done = 0; done < TICKETS; done += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, TICKETS - done) }, (_, k) => {
      const i = done + k;
      const status = TICKET_STATUSES[i % 4]!;
      const createdAt = new Date(start + i * 60_000);
      return {
        subject: `Assunto ${i} ${i % 97 === 0 ? 'impressora' : 'geral'}`,
        description: `Descrição do problema número ${i}. `.repeat(8),
        category: TICKET_CATEGORIES[i % 5]!,
        priority: TICKET_PRIORITIES[i % 4]!,
        status,
        contact_email: `pessoa${i}@clinica.test`,
        contact_name: `Pessoa ${i}`,
        user_id: null,
        ip_address: '198.51.100.1',
        user_agent: 'bench',
        resolved_at:
          status === 'resolved' || status === 'closed'
            ? new Date(createdAt.getTime() + (i % 48) * hour)
            : null,
        created_at: createdAt,
        updated_at: createdAt,
      };
    });
    await support.runtime.db.insertInto('support_tickets').values(rows).execute();
  }
  const admin = await support.as('admin');
  const user = await support.as('free');
  console.log(`${TICKETS} tickets, ${CONNECTIONS} connections, ${SECONDS} s each\n`);
  console.log('| scenario | req/s | p50 (ms) | p99 (ms) | non-2xx |');
  console.log('|---|---:|---:|---:|---:|');
  const list = { method: 'GET', cookie: admin.cookie } as const;
  await run({
    ...list,
    title: 'list, no filter (500 newest + counters)',
    path: '/api/admin/support-tickets',
  });
  await run({
    ...list,
    title: 'list, status + category filter, limit 50',
    path: '/api/admin/support-tickets?status=open&category=billing&limit=50',
  });
  await run({
    ...list,
    title: 'list, free-text search (rare word)',
    path: '/api/admin/support-tickets?search=IMPRESSORA',
  });
  await run({
    title: 'create ticket (signed in)',
    method: 'POST',
    path: '/api/support/create-ticket',
    cookie: user.cookie,
  });
} finally {
  await support.close();
}
