/**
 * Bench: the Usuários tab with 10,000 users. Per keystroke in the search box, how long until the
 * grid has re-rendered (input event -> two animation frames later), in headless Chromium against
 * the production build; and the bare filter over precomputed keys in Node. Goal: < 100 ms.
 *
 * Run: cd apps/admin-web && npx vite build && node --import tsx bench/users-grid.ts
 * (fetches are answered by the bench itself: no stack needed).
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdminUser } from '@pv/contracts';
import { launchBrowser } from '@pv/e2e-kit';
import { buildUserIndex, filterUsers } from '../src/pages/admin/users/user-search';

const USERS = 10_000;
const QUERY = 'silva 12';
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const FIRST = ['Ana', 'Bruno', 'Carla', 'Davi', 'Eva', 'Fábio', 'Gina', 'Hugo', 'Iara', 'João'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Lima', 'Costa', 'Rocha', 'Alves'];

function makeUsers(): AdminUser[] {
  return Array.from({ length: USERS }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      fullName: `${first} ${last} ${i}`,
      firstName: first,
      lastName: `${last} ${i}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@exemplo.com.br`,
      picture: null,
      userStatus: i % 17 === 0 ? 'suspended' : 'active',
      isPremium: i % 5 === 0,
      isAdmin: i === 0,
      specialty: 'medico_familia',
      registryNumber: String(100_000 + i),
      professionalRegistry: 'CRM',
      registryUf: 'SP',
      rqe: null,
      clinicPhone: null,
      clinicAddress: null,
      createdAt: '2026-01-01T12:00:00.000Z',
      lastLoginAt: i % 3 === 0 ? null : '2026-11-20T12:00:00.000Z',
      subscriptionStatus: null,
      mustChangePassword: false,
      termsAcceptance: null,
    };
  });
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: pick(0.5), p95: pick(0.95), max: sorted.at(-1)! };
};

function nodeFilterBench(users: AdminUser[]) {
  const index = buildUserIndex(users);
  const samples: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    for (let n = 1; n <= QUERY.length; n += 1) {
      const started = performance.now();
      filterUsers(index, QUERY.slice(0, n));
      samples.push(performance.now() - started);
    }
  }
  return stats(samples);
}

/** Serves dist/ under /admin with the SPA fallback, like the gateway. */
function serveDist(): Promise<http.Server> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const relative = url.pathname.replace(/^\/admin\/?/, '');
    const file = path.join(dist, relative);
    const target =
      relative && existsSync(file) && file.startsWith(dist) ? file : path.join(dist, 'index.html');
    res.writeHead(200, {
      'Content-Type': types[path.extname(target)] ?? 'application/octet-stream',
    });
    res.end(readFileSync(target));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function browserBench(users: AdminUser[]) {
  const server = await serveDist();
  const { port } = server.address() as { port: number };
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const admin = { ...users[0]!, isAdmin: true, profileImageUrl: null };
    await page.route('**/auth/user', (route) => route.fulfill({ json: admin }));
    await page.route('**/api/admin/users', (route) => route.fulfill({ json: users }));
    await page.route('**/api/analytics/page-view', (route) =>
      route.fulfill({ status: 202, json: { recorded: true } }),
    );
    await page.goto(`http://127.0.0.1:${port}/admin?tab=usuarios`);
    await page.getByText(users[1]!.fullName).waitFor();
    const samples: number[] = [];
    // Round 0 warms the JIT and the grid's caches up and is not counted.
    for (let round = 0; round < 4; round += 1) {
      for (let n = 0; n <= QUERY.length; n += 1) {
        const value = n === QUERY.length ? '' : QUERY.slice(0, n + 1);
        const ms = await page.evaluate(async (text) => {
          const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
          const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!
            .set!;
          const started = performance.now();
          setValue.call(input, text);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(resolve)),
          );
          return performance.now() - started;
        }, value);
        if (round > 0) samples.push(ms);
      }
    }
    const visible = await page.locator('[role="row"]').count();
    console.log(`samples (ms): ${samples.map((s) => s.toFixed(0)).join(' ')}`);
    return { ...stats(samples), keystrokes: samples.length, renderedRows: visible };
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('Build first: cd apps/admin-web && npx vite build');
  }
  const users = makeUsers();
  const node = nodeFilterBench(users);
  const chromium = await browserBench(users);
  const fmt = (n: number) => n.toFixed(2);
  console.log(
    `users: ${USERS}, query typed: "${QUERY}", load average at start: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  console.log(
    `filter only (Node, precomputed keys): median ${fmt(node.median)} ms, p95 ${fmt(node.p95)} ms, max ${fmt(node.max)} ms`,
  );
  console.log(
    `keystroke -> grid painted (Chromium, ${chromium.keystrokes} keystrokes): median ${fmt(chromium.median)} ms, p95 ${fmt(chromium.p95)} ms, max ${fmt(chromium.max)} ms; rows in the DOM: ${chromium.renderedRows}`,
  );
  if (chromium.p95 >= 100) {
    console.error('FAIL: p95 per keystroke is not under 100 ms');
    process.exitCode = 1;
  }
}

await main();
