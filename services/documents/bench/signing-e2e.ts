/**
 * What signing costs end to end (issue 14): the same two-page ambulatory prescription PDF through
 * the gateway, unsigned and signed (PAdES with an A1 test certificate, plus storing the signed
 * file for verification), alternating, one request at a time, same run, same machine.
 *
 *   node --import tsx bench/signing-e2e.ts [runs]       (from the repo root; default 200 per path)
 *
 * It starts the documents service in this process (throwaway database, as the tests do), the
 * pdf-worker and the gateway as child processes, uploads a test certificate as a Premium user and
 * then measures. Needs Postgres, Redis and NATS at the standard local ports.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createTestPki } from '@pv/signing/testing';
import { startDocuments } from '../test/harness.js';
import { HEADER, TWO_PAGE_PRESCRIPTION } from './shared.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RUNS = Number(process.argv[2] ?? 200);
const WARMUP = 20;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitFor(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up`);
}

/**
 * CPU time (ms) used so far by this process (documents service) and the child processes (worker,
 * gateway): requests run one at a time, so its change across a request is that request's CPU cost
 * in every process, a figure the machine's load does not inflate (other programs' CPU is not in
 * it). /proc counts in clock ticks (10 ms); averaged over the runs.
 */
function cpuMs(children: ChildProcess[]): number {
  const own = process.cpuUsage();
  let ticks = 0;
  for (const child of children) {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (own.user + own.system) / 1000 + ticks * 10;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const pki = createTestPki();
const kek = randomBytes(32).toString('hex');
const queue = `bench-pdf-${randomBytes(4).toString('hex')}`;
const svc = await startDocuments({ SIGNING_KEK: kek, PDF_QUEUE: queue }, { worker: false });
const children: ChildProcess[] = [];
try {
  children.push(
    start('services/documents/src/workers/pdf-worker.ts', {
      POSTGRES_URL: svc.config.POSTGRES_URL,
      REDIS_URL: svc.config.REDIS_URL,
      NATS_URL: svc.config.NATS_URL,
      SESSION_PUBLIC_KEY: svc.config.SESSION_PUBLIC_KEY,
      PDF_QUEUE: svc.config.PDF_QUEUE,
      SIGNING_KEK: kek,
    }),
  );
  const gatewayPort = await freePort();
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  children.push(
    start('services/gateway/src/server.ts', {
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      REDIS_URL: svc.config.REDIS_URL,
      DOCUMENTS_URL: svc.url,
    }),
  );
  await waitFor(async () => (await fetch(`${gateway}/health`)).ok, 'gateway');
  await waitFor(async () => (await svc.queue.workerCount()) > 0, 'pdf-worker');

  const premium = await svc.as('premium');
  const form = new FormData();
  form.append('password', pki.password);
  form.append('certificate', new Blob([new Uint8Array(pki.valid.p12)]), 'a1.pfx');
  const uploaded = await fetch(`${gateway}/api/signing-certificate`, {
    method: 'PUT',
    headers: { cookie: premium.cookie },
    body: form,
  });
  if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}`);

  const call = async (signed: boolean) => {
    const began = performance.now();
    const response = await fetch(`${gateway}/api/prescriptions/ambulatory/pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: premium.cookie },
      body: JSON.stringify({
        prescription: TWO_PAGE_PRESCRIPTION,
        profile: HEADER,
        ...(signed ? { signature: { password: pki.password } } : {}),
      }),
    });
    const bytes = await response.arrayBuffer();
    const ms = performance.now() - began;
    if (response.status !== 200) throw new Error(`PDF answered ${response.status}`);
    return { ms, size: bytes.byteLength };
  };

  for (let i = 0; i < WARMUP; i++) await call(i % 2 === 0);
  const load = loadavg()[0]!.toFixed(1);
  const times = { unsigned: [] as number[], signed: [] as number[] };
  const cpu = { unsigned: 0, signed: 0 };
  const sizes = { unsigned: 0, signed: 0 };
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so neither path always follows the other.
    for (const signed of i % 2 === 0 ? [false, true] : [true, false]) {
      const before = cpuMs(children);
      const { ms, size } = await call(signed);
      cpu[signed ? 'signed' : 'unsigned'] += cpuMs(children) - before;
      times[signed ? 'signed' : 'unsigned'].push(ms);
      sizes[signed ? 'signed' : 'unsigned'] = size;
    }
  }
  const row = (name: 'unsigned' | 'signed') => {
    const sorted = [...times[name]].sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      size: sizes[name],
      cpu: cpu[name] / RUNS,
    };
  };
  const unsigned = row('unsigned');
  const signed = row('signed');
  console.log(
    `runs per path: ${RUNS} (after ${WARMUP} warm-up); load average at start ${load}, at end ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    '| path | p50 (ms) | p95 (ms) | CPU per request, all processes (ms) | size (bytes) |',
  );
  console.log(
    '| ---- | -------: | -------: | ----------------------------------: | -----------: |',
  );
  for (const [name, r] of [
    ['unsigned', unsigned],
    ['signed', signed],
  ] as const)
    console.log(
      `| ${name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.cpu.toFixed(1)} | ${r.size} |`,
    );
  console.log(`signing adds ${(signed.cpu - unsigned.cpu).toFixed(1)} ms of CPU per request`);
  console.log(
    `signing adds ${(signed.p50 - unsigned.p50).toFixed(1)} ms at p50, ${(signed.p95 - unsigned.p95).toFixed(1)} ms at p95 (goal: at most 50 ms at p95)`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await svc.close();
}
