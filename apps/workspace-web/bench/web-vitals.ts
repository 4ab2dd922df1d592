/**
 * Web vitals of the pages a clinician and an operator open first (issue 25 item 7): Lighthouse
 * 12 (npm `lighthouse`, its default mobile profile: a mid-range phone on a slow 4G line, simulated
 * throttling) with Debian Chromium, the median of RUNS runs per page, against the real stack
 * (`startStack`: the SPAs built for production behind the gateway), or E2E_BASE_URL if set.
 *
 * Five pages are plain navigations: a visitor's by the CLI; a signed-in user's by Lighthouse's
 * `navigation` in a browser with the session cookie in its jar, on a second visit, as a
 * clinician's browser comes back to the app (`signedInBrowser`). The workspace with a formatted note cannot be reached by a page load (the note lives in the page's
 * memory only), so it is a Lighthouse user flow: a navigation signed in (its load figures), then
 * a timespan while a transcript is typed and 'Format with AI' runs (the shifts and blocking time
 * of that work are added to the navigation's), then a snapshot with the note on screen (its
 * accessibility and best practices count too: the worse of both).
 *
 *   node --import tsx bench/web-vitals.ts            (from the repo root; or from apps/workspace-web:
 *   node --import tsx bench/web-vitals.ts [runs])     default 3 runs)
 *
 * Prints a markdown table for docs/BENCHMARKS.md and the machine's load average before and
 * after: Lighthouse simulates the network and CPU, but Total Blocking Time still grows on a
 * loaded or slow machine, so compare figures taken on a quiet one; the table's last column is
 * Lighthouse's own measure of the host's speed (its BenchmarkIndex, median of the runs).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ensureChromium, startStack, totpCode } from '@pv/e2e-kit';

const RUNS = Number(process.argv[2] ?? 3);
const run = promisify(execFile);
const lighthouseDir = path.dirname(
  createRequire(import.meta.url).resolve('lighthouse/package.json'),
);
const lighthouseCli = path.join(lighthouseDir, 'cli', 'index.js');

interface Page {
  name: string;
  path: string;
  /** Who is signed in (a session cookie sent with every request), if anyone. */
  as?: 'user' | 'admin';
}

const NOTE_FLOW = 'workspace `/`, signed in, formatted note (user flow)';

/**
 * BENCH_PAGES (optional): measure only the pages whose name contains one of these comma-separated
 * words, e.g. `BENCH_PAGES=flow,/user` while working on them; the table is for all of them.
 */
const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const measured = (name: string) => !only?.length || only.some((word) => name.includes(word));

const PAGES: Page[] = [
  { name: 'workspace `/`, visitor', path: '/' },
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
  /**
   * Lighthouse's BenchmarkIndex of this machine during the run: its default mobile profile slows
   * the CPU 4x from a host it expects to score well above 1,000 (it warns of a slow host below
   * that), so Total Blocking Time is only comparable between runs whose index is alike.
   */
  hostIndex: number;
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

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

// biome-ignore lint/suspicious/noExplicitAny: Lighthouse's result (LH.Result), read by id.
type Lhr = any;
const audit = (lhr: Lhr, id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
const score = (lhr: Lhr, id: string) => Math.round(Number(lhr.categories[id]?.score ?? 0) * 100);

/**
 * BENCH_REPORTS (optional): a folder where every run's Lighthouse report is kept as JSON, to see
 * what a figure is made of (the LCP element, the long tasks).
 */
const reportsDir = process.env.BENCH_REPORTS;
let reportCount = 0;

function figuresOf(lhr: Lhr): Figures {
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    const name = `${String(++reportCount).padStart(2, '0')}-${new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl).pathname.replaceAll('/', '_')}.json`;
    writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
  }
  // Lighthouse's navigation API reports a failed run in the result instead of throwing.
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return {
    performance: score(lhr, 'performance'),
    fcp: audit(lhr, 'first-contentful-paint'),
    lcp: audit(lhr, 'largest-contentful-paint'),
    tbt: audit(lhr, 'total-blocking-time'),
    cls: audit(lhr, 'cumulative-layout-shift'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    hostIndex: Number(lhr.environment?.benchmarkIndex ?? Number.NaN),
  };
}

/**
 * Lighthouse now and then loses the start of the navigation in Chromium's trace (its own
 * NO_NAVSTART error, "run Lighthouse again"): such a run is taken again, up to twice. A failed
 * run must not enter a median as a score of 0.
 */
async function retryLostTrace<F>(url: string, measure: () => Promise<F>, retries = 2): Promise<F> {
  try {
    return await measure();
  } catch (error) {
    if (retries === 0 || !String((error as Error).message).includes('NO_NAVSTART')) throw error;
    console.error(`Lighthouse lost the trace of ${url} (NO_NAVSTART): running it again`);
    return retryLostTrace(url, measure, retries - 1);
  }
}

/** A visitor's page load, by the Lighthouse CLI. */
async function lighthouseOnce(url: string): Promise<Figures> {
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
        `--only-categories=${CATEGORIES.join(',')}`,
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run',
      ],
      {
        env: { ...process.env, CHROME_PATH: chromium },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return figuresOf(JSON.parse(readFileSync(report, 'utf8')));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The formatting timespan's own figures, printed under the table. */
interface FlowExtra {
  formatTbt: number;
  formatCls: number;
}

const TRANSCRIPT =
  'Paciente de 42 anos com febre há três dias, tosse seca e dor de garganta. Nega falta de ar. ' +
  'Ao exame, orofaringe hiperemiada, sem placas. Conduta: dipirona 500 mg de 6 em 6 horas se dor ' +
  'ou febre, hidratação e retorno se piora.';

/** puppeteer-core as Lighthouse itself loads it (see `signedInBrowser`). */
async function lighthousePuppeteer() {
  // Its ES module build, the one Lighthouse's own `import 'puppeteer-core'` gets.
  const puppeteerDir = path.dirname(
    createRequire(path.join(lighthouseDir, 'package.json')).resolve('puppeteer-core/package.json'),
  );
  const puppeteerModule = await import(
    pathToFileURL(path.join(puppeteerDir, 'lib', 'esm', 'puppeteer', 'puppeteer-core.js')).href
  );
  return puppeteerModule.default ?? puppeteerModule;
}

/**
 * A browser signed in the way a clinician's is: the session cookie in its cookie jar (a Cookie
 * header forced on every request would hide the cookies the page itself writes), and the page
 * opened once before (not measured), so what the SPA keeps for the next visit is there, e.g. the
 * member view the gateway answers with (docs/performance.md). Lighthouse empties the HTTP cache
 * before it measures, so nothing else of that visit helps. Driven with the puppeteer-core
 * Lighthouse depends on: `navigation` and `startFlow` take that library's Page, and a second
 * copy of it would be another class.
 */
async function signedInBrowser(url: string, cookie: string) {
  const puppeteer = await lighthousePuppeteer();
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    defaultViewport: null,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const page = await browser.newPage();
  await page.setCookie(
    ...cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    }),
  );
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
  return { browser, page };
}

const lighthouseConfig = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: CATEGORIES },
};

/** A signed-in page as a returning user loads it (see `signedInBrowser`). */
async function signedInNavigation(url: string, cookie: string): Promise<Figures> {
  const { browser, page } = await signedInBrowser(url, cookie);
  try {
    const { navigation } = await import('lighthouse');
    const result = await navigation(page, url, { config: lighthouseConfig });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return figuresOf(result.lhr);
  } finally {
    await browser.close();
  }
}

/** The signed-in workspace with a formatted note, as a Lighthouse user flow (see the top). */
async function noteFlow(url: string, cookie: string): Promise<Figures & FlowExtra> {
  const { browser, page } = await signedInBrowser(url, cookie);
  try {
    const { startFlow } = await import('lighthouse');
    const flow = await startFlow(page, { config: lighthouseConfig });
    await flow.navigate(url);
    // Signed in: the Super Transcritor's usage line is only drawn for an account.
    await page.waitForSelector('[data-testid="super-usage"]', { timeout: 60_000 });
    await flow.startTimespan();
    // Centred first: at the phone's width the quick-actions bar covers the screen's bottom.
    // biome-ignore lint/suspicious/noExplicitAny: puppeteer's ElementHandle, loaded at run time.
    const press = async (element: any) => {
      await element.evaluate((el: Element) => el.scrollIntoView({ block: 'center' }));
      await element.click();
    };
    await press(await page.waitForSelector('[data-testid="card-transcription"] [role="textbox"]'));
    await page.keyboard.type(TRANSCRIPT);
    // The card's button, once enabled (the transcript store has seen the text).
    await press(
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('button')).find(
          (button) => button.textContent?.trim() === 'Format with AI' && !button.disabled,
        ),
      ),
    );
    await page.waitForSelector('[data-testid="formatted-text"]', { timeout: 120_000 });
    await flow.endTimespan();
    await flow.snapshot();
    const [navigation, timespan, snapshot] = (await flow.createFlowResult()).steps.map(
      (step: { lhr: Lhr }) => step.lhr,
    );
    const loaded = figuresOf(navigation);
    const formatCls = audit(timespan, 'cumulative-layout-shift');
    return {
      ...loaded,
      cls: loaded.cls + formatCls,
      accessibility: Math.min(loaded.accessibility, score(snapshot, 'accessibility')),
      bestPractices: Math.min(loaded.bestPractices, score(snapshot, 'best-practices')),
      formatTbt: audit(timespan, 'total-blocking-time'),
      formatCls,
    };
  } finally {
    await browser.close();
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
    // The console needs the second factor (a password-only admin session is a plain user's).
    admin: PAGES.some((page) => page.as === 'admin' && measured(page.name))
      ? await sessionCookie(stack.baseUrl, '/auth/login', {
          email: stack.admin.email,
          password: stack.admin.password,
          totpCode: totpCode(stack.admin.totpSecret),
        })
      : '',
  };
  // Rows are printed as each page finishes, so an interrupted run still leaves figures.
  console.log(
    `Lighthouse ${RUNS} run(s) per page, median (each run's performance in brackets); load average ${loadBefore} at the start\n`,
  );
  console.log(
    '| page | performance | FCP | LCP | TBT | CLS | accessibility | best practices | host index |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  const row = <F extends Figures>(name: string, runs: F[]) => {
    const pick = (key: keyof F) => median(runs.map((r) => Number(r[key])));
    const all = (key: keyof F) => runs.map((r) => Math.round(Number(r[key]))).join('/');
    console.log(
      `| ${name} | ${pick('performance')} (${all('performance')}) | ${(pick('fcp') / 1000).toFixed(1)} s | ${(pick('lcp') / 1000).toFixed(1)} s | ${Math.round(pick('tbt'))} ms | ${pick('cls').toFixed(3)} | ${pick('accessibility')} | ${pick('bestPractices')} | ${Math.round(pick('hostIndex'))} |`,
    );
    return pick;
  };
  const notes: string[] = [];
  for (const page of PAGES) {
    if (measured(page.name)) {
      const runs: Figures[] = [];
      const url = `${stack.baseUrl}${page.path}`;
      for (let i = 0; i < RUNS; i++) {
        runs.push(
          await retryLostTrace(url, () =>
            page.as ? signedInNavigation(url, cookies[page.as]) : lighthouseOnce(url),
          ),
        );
      }
      row(page.name, runs);
    }
    if (page.path === '/' && !page.as && measured(NOTE_FLOW)) {
      // Right after the visitor's row, as in the table.
      const flows: (Figures & FlowExtra)[] = [];
      for (let i = 0; i < RUNS; i++) {
        const url = `${stack.baseUrl}/`;
        flows.push(await retryLostTrace(url, () => noteFlow(url, cookies.user)));
      }
      const pick = row(NOTE_FLOW, flows);
      notes.push(
        `formatting a note (timespan, in the flow's row): TBT ${Math.round(pick('formatTbt'))} ms, CLS ${pick('formatCls').toFixed(3)}`,
      );
    }
  }
  for (const note of notes) console.log(`\n${note}`);
  console.log(`\nload average at the end: ${load()}`);
} finally {
  await stack.stop();
}
