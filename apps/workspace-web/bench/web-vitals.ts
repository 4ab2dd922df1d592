/**
 * Web vitals of the pages a clinician and an operator open first (issue 25 item 7): Lighthouse
 * 12 (npm `lighthouse`, its default mobile profile: a mid-range phone on a slow 4G line, simulated
 * throttling) with Debian Chromium, the median of RUNS runs per page, against the real stack
 * (`startStack`: the SPAs built for production behind the gateway), or E2E_BASE_URL if set.
 *
 *   node --import tsx bench/web-vitals.ts            (from the repo root; or from apps/workspace-web:
 *   node --import tsx bench/web-vitals.ts [runs])     default 3 runs)
 *
 * Prints a markdown table for docs/BENCHMARKS.md and the machine's load average before and
 * after: Lighthouse simulates the network and CPU, but Total Blocking Time still grows on a
 * loaded machine, so compare figures taken on a quiet one.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureChromium, startStack } from '@pv/e2e-kit';

const RUNS = Number(process.argv[2] ?? 3);
const run = promisify(execFile);
const lighthouseCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')),
  'cli',
  'index.js',
);

interface Page {
  name: string;
  path: string;
  /** Who is signed in (a session cookie sent with every request), if anyone. */
  as?: 'user' | 'admin';
}

const PAGES: Page[] = [
  { name: 'workspace `/`, visitor', path: '/' },
  { name: 'workspace `/`, signed in', path: '/', as: 'user' },
  { name: '`/auth/login`', path: '/auth/login' },
  { name: '`/user` (Minha Área)', path: '/user', as: 'user' },
  { name: 'console `/admin`, sign-in', path: '/admin' },
  { name: 'console `/admin?tab=usuarios`', path: '/admin?tab=usuarios', as: 'admin' },
];

interface Figures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
}

/** Signs in through the API and returns the Cookie header a browser would send. */
async function sessionCookie(
  baseUrl: string,
  route: '/auth/login' | '/auth/register',
  body: object,
): Promise<string> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function lighthouse(url: string, cookie: string | undefined): Promise<Figures> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pv-lighthouse-'));
  const report = path.join(folder, 'report.json');
  try {
    await run(
      process.execPath,
      [
        lighthouseCli,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility,best-practices',
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run',
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ],
      {
        env: { ...process.env, CHROME_PATH: chromium },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const lhr = JSON.parse(readFileSync(report, 'utf8'));
    const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
    const score = (id: string) => Math.round(Number(lhr.categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

// The system's Chromium (installed with apt when missing), as the browser suites use.
const chromium = ensureChromium();
const stack = await startStack();
try {
  const loadBefore = load();
  const cookies = {
    user: await sessionCookie(stack.baseUrl, '/auth/register', {
      email: `vitals-${Date.now()}@exemplo.test`,
      password: 'Senha-Vitals-2026',
      firstName: 'Ana',
      lastName: 'Souza',
    }),
    admin: await sessionCookie(stack.baseUrl, '/auth/login', stack.admin),
  };
  // Rows are printed as each page finishes, so an interrupted run still leaves figures.
  console.log(
    `Lighthouse ${RUNS} run(s) per page, median (each run's performance in brackets); load average ${loadBefore} at the start\n`,
  );
  console.log(
    '| page | performance | FCP | LCP | TBT | CLS | accessibility | best practices |\n|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const page of PAGES) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await lighthouse(`${stack.baseUrl}${page.path}`, page.as && cookies[page.as]));
    }
    const pick = (key: keyof Figures) => median(runs.map((r) => r[key]));
    const all = (key: keyof Figures) => runs.map((r) => Math.round(r[key])).join('/');
    console.log(
      `| ${page.name} | ${pick('performance')} (${all('performance')}) | ${(pick('fcp') / 1000).toFixed(1)} s | ${(pick('lcp') / 1000).toFixed(1)} s | ${Math.round(pick('tbt'))} ms | ${pick('cls').toFixed(3)} | ${pick('accessibility')} | ${pick('bestPractices')} |`,
    );
  }
  console.log(`\nload average at the end: ${load()}`);
} finally {
  await stack.stop();
}
