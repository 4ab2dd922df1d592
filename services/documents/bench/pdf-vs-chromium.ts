/**
 * Documents benchmark 1 (issue 4): one two-page ambulatory prescription rendered
 *  a) by pdfmake inside the pdf-worker process, through the real path (BullMQ job -> worker ->
 *     result back to the caller),
 *  b) by pdfmake called directly in this process (the render alone),
 *  c) by Chromium printing the same content as HTML to PDF (playwright-core; one browser kept
 *     open, a fresh page per PDF, as HTML-to-PDF services do),
 * in the same run, one PDF at a time (so one core each): ms per PDF and PDFs/s.
 *
 *   node --import tsx services/documents/bench/pdf-vs-chromium.ts      (repo root)
 *
 * Needs Redis (REDIS_URL or 127.0.0.1:6379) and Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium). Tunables: BENCH_SAMPLES (40), BENCH_WARMUP (5).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JobQueue } from '@pv/service-kit/jobs';
import { testInfra, testSessionKeys } from '@pv/service-kit/testing';
import { chromium } from 'playwright-core';
import { RenderPdfJob, type RenderPdfPayload } from '../src/pdf/jobs.js';
import { renderPdf } from '../src/pdf/render.js';
import { definitionFor } from '../src/workers/pdf-handlers.js';
import {
  footerHtml,
  HEADER,
  headerHtml,
  prescriptionHtml,
  row,
  stats,
  TWO_PAGE_PRESCRIPTION,
} from './shared.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const payload: RenderPdfPayload = {
  kind: 'ambulatory',
  prescription: TWO_PAGE_PRESCRIPTION,
  header: HEADER,
  date: '22/11/2026',
};

function pagesOf(pdf: Buffer): number {
  const file = path.join(tmpdir(), `pv-bench-${randomBytes(4).toString('hex')}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(info.match(/^Pages:\s+(\d+)/m)?.[1] ?? 0);
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** CPU time (ms) used so far by the given processes, their exited children included. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime, stime, cutime, cstime are fields 14-17 of stat; [0] here is field 3.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended between listing and reading
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Every live descendant of `root` (Chromium's browser, zygote, renderer and GPU processes). */
function descendants(root: number, exclude: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      parent.set(Number(entry), Number(fields[1]));
    } catch {}
  }
  const found: number[] = [];
  for (const pid of parent.keys()) {
    let p: number | undefined = pid;
    while (p !== undefined && p > 1 && p !== root && p !== exclude) p = parent.get(p);
    if (p === root && pid !== root) found.push(pid);
  }
  return found;
}

async function measure(name: string, once: () => Promise<Buffer>, cpuOf: () => number) {
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  let last: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  const cpuBefore = cpuOf();
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    last = await once();
    samples.push(performance.now() - t);
  }
  const cpuPerPdf = (cpuOf() - cpuBefore) / SAMPLES;
  console.error(`${name}: ${pagesOf(last)} pages, ${(last.length / 1024).toFixed(0)} KiB`);
  return { ...stats(samples), cpuPerPdf };
}

const queueName = `bench-pdf-${randomBytes(3).toString('hex')}`;
const worker = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('../src/workers/pdf-worker.ts', import.meta.url))],
  {
    env: {
      ...process.env,
      REDIS_URL: testInfra.redisUrl,
      SESSION_PUBLIC_KEY: testSessionKeys().publicKey,
      PDF_QUEUE: queueName,
      PDF_WORKER_CONCURRENCY: '1',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const queue = new JobQueue(queueName, testInfra.redisUrl);
await queue.ready();
while ((await queue.workerCount()) === 0) await new Promise((r) => setTimeout(r, 100));

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const context = await browser.newContext();
const html = prescriptionHtml(TWO_PAGE_PRESCRIPTION);

try {
  const workerCpu = () => cpuMs([worker.pid!]);
  const chromiumCpu = () => cpuMs(descendants(process.pid, worker.pid!));
  const ownCpu = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const viaWorker = await measure(
    'pdfmake in pdf-worker',
    async () => {
      const result = await queue.run(RenderPdfJob, payload, { timeoutMs: 60_000 });
      return Buffer.from(result.pdfBase64, 'base64');
    },
    workerCpu,
  );
  const direct = await measure('pdfmake direct', () => renderPdf(definitionFor(payload)), ownCpu);
  const viaChromium = await measure(
    'chromium print-to-PDF',
    async () => {
      const page = await context.newPage();
      try {
        await page.setContent(html, { waitUntil: 'load' });
        return await page.pdf({
          format: 'A4',
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate: headerHtml(),
          footerTemplate: footerHtml,
          margin: { top: '127px', bottom: '73px', left: '67px', right: '67px' },
        });
      } finally {
        await page.close();
      }
    },
    chromiumCpu,
  );
  console.log(`samples: ${SAMPLES} per engine (after ${WARMUP} warm-up), one at a time\n`);
  console.log(
    '| engine | mean ms/PDF (wall) | p50 ms | p95 ms | PDFs/s (wall, one at a time) | CPU ms/PDF | PDFs/s per core (1000 / CPU ms) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const line = (name: string, s: typeof direct) =>
    `${row(name, s)} ${s.cpuPerPdf.toFixed(1)} | ${(1000 / s.cpuPerPdf).toFixed(1)} |`;
  console.log(
    line('pdfmake in the pdf-worker (BullMQ round trip; CPU of the worker process)', viaWorker),
  );
  console.log(line('pdfmake render alone (in process)', direct));
  console.log(line('Chromium print-to-PDF (warm browser; CPU of all its processes)', viaChromium));
  console.log(
    `\nwall: Chromium / pdf-worker ${(viaChromium.mean / viaWorker.mean).toFixed(1)}x, ` +
      `Chromium / pdfmake render ${(viaChromium.mean / direct.mean).toFixed(1)}x; ` +
      `per core: Chromium / pdf-worker ${(viaChromium.cpuPerPdf / viaWorker.cpuPerPdf).toFixed(1)}x (goal >= 5x)`,
  );
} finally {
  await browser.close();
  await queue.queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  worker.kill('SIGTERM');
}
