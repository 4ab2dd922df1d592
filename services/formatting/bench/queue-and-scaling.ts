/**
 * Formatting benchmarks of issue 3, with a local fake OpenAI-compatible server:
 *  1. Queue overhead: POST /api/format-text round trips (HTTP + BullMQ + worker) against calling
 *     the same job handler in-process, with a zero-latency fake LLM, in the same run: p50/p99.
 *  2. Scaling: with a fake LLM of 300 ms latency, format-text throughput with 1 and then 2
 *     formatting-worker processes, same load, same run.
 *
 *   node --import tsx services/formatting/bench/queue-and-scaling.ts      (repo root)
 *
 * Needs Postgres, Redis and NATS (POSTGRES_URL, REDIS_URL, NATS_URL or the standard ports).
 * Tunables: BENCH_SAMPLES (300), BENCH_SCALING_SECONDS (10), BENCH_CONNECTIONS (16),
 * BENCH_WORKER_CONCURRENCY (4 jobs per worker process).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { LlmClient, llmSettingsFrom } from '@pv/llm';
import { startFakeOpenAI } from '@pv/provider-fakes';
import { dropDatabase } from '@pv/service-kit/runtime';
import { freePort, testInfra, testSessionKeys } from '@pv/service-kit/testing';
import autocannon from 'autocannon';
import { loadFormattingConfig } from '../src/config.js';
import type { FormatNotePayload } from '../src/format/jobs.js';
import { SPECIALTY_PROFILES } from '../src/notes/index.js';
import { formattingHandlers } from '../src/workers/formatting-handlers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const SCALING_SECONDS = Number(process.env.BENCH_SCALING_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WORKER_CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 4);

const TEXT =
  'Paciente Carla, 41 anos, feminino. Queixa: dor lombar há duas semanas. Ao exame: PA 120x80. ' +
  'Hipótese: lombalgia mecânica. Conduta: ibuprofeno 400 mg de 8 em 8 horas por 5 dias.';
const answer = JSON.stringify({
  patientData: { name: 'Carla', age: '41 anos', gender: 'Feminino' },
  sections: SPECIALTY_PROFILES.consulta_medica.sections.map((s) => ({
    key: s.key,
    content: 'Conteúdo.',
  })),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(url: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never became ready`);
}

async function main() {
  const fake = await startFakeOpenAI({ respond: () => ({ content: answer }) });
  const keys = testSessionKeys();
  const database = `bench_formatting_${randomBytes(4).toString('hex')}`;
  const queue = `bench-${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const env = {
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: testInfra.natsUrl,
    SESSION_PUBLIC_KEY: keys.publicKey,
    FORMATTING_DATABASE: database,
    FORMATTING_QUEUE: queue,
    FORMATTING_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-bench',
    ANON_FORMAT_MAX_PER_HOUR: '100000000',
    LOG_LEVEL: 'warn',
    PORT: String(port),
  };
  const children: ChildProcess[] = [];
  const url = `http://127.0.0.1:${port}`;
  try {
    children.push(start('services/formatting/src/server.ts', env));
    children.push(start('services/formatting/src/workers/formatting-worker.ts', env));
    await waitReady(`${url}/ready`);
    const format = async () => {
      const started = performance.now();
      const response = await fetch(`${url}/api/format-text`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: TEXT, professional: 'consulta_medica' }),
      });
      await response.text();
      if (!response.ok) throw new Error(`format-text answered ${response.status}`);
      return performance.now() - started;
    };

    // 1. Queue overhead, zero-latency LLM
    const [formatNote] = formattingHandlers(
      new LlmClient(llmSettingsFrom(loadFormattingConfig(env))),
    );
    const payload: FormatNotePayload = {
      text: TEXT,
      professional: 'consulta_medica',
      additionalContext: null,
      multiplePatients: false,
      mode: 'standard',
      specialtyPrompt: null,
      customTemplate: null,
      systemInstructions: [],
      medicalTerms: [],
      stream: false,
    };
    const inProcess = async () => {
      const started = performance.now();
      await formatNote!.handle(payload, { id: 'bench', reportProgress: async () => undefined });
      return performance.now() - started;
    };
    for (let i = 0; i < 30; i++) await Promise.all([format(), inProcess()]); // warm-up
    const viaQueue: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      viaQueue.push(await format());
      direct.push(await inProcess());
    }
    viaQueue.sort((a, b) => a - b);
    direct.sort((a, b) => a - b);

    // 2. Scaling with a 300 ms LLM
    fake.setResponder(() => ({ content: answer, delayMs: 300 }));
    const load = async () =>
      (
        await autocannon({
          url: `${url}/api/format-text`,
          method: 'POST',
          connections: CONNECTIONS,
          duration: SCALING_SECONDS,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: TEXT, professional: 'consulta_medica' }),
        })
      ).requests.average;
    await load();
    const oneWorker = await load();
    children.push(start('services/formatting/src/workers/formatting-worker.ts', env));
    await new Promise((r) => setTimeout(r, 4_000));
    const twoWorkers = await load();

    const f = (n: number) => n.toFixed(2);
    process.stdout.write(
      [
        '## Formatting: queue overhead (zero-latency fake LLM)',
        '',
        `${SAMPLES} sequential requests each, alternating, after a warm-up; Node ${process.version}.`,
        '',
        '| path | p50 (ms) | p99 (ms) |',
        '|---|---:|---:|',
        `| POST /api/format-text (HTTP + BullMQ + worker process) | ${f(percentile(viaQueue, 0.5))} | ${f(percentile(viaQueue, 0.99))} |`,
        `| the same job handler called in-process | ${f(percentile(direct, 0.5))} | ${f(percentile(direct, 0.99))} |`,
        `| **overhead** | **${f(percentile(viaQueue, 0.5) - percentile(direct, 0.5))}** | **${f(percentile(viaQueue, 0.99) - percentile(direct, 0.99))}** |`,
        '',
        '## Formatting: worker scaling (fake LLM answering in 300 ms)',
        '',
        `${CONNECTIONS} connections, ${SCALING_SECONDS} s each, ${WORKER_CONCURRENCY} jobs per worker process.`,
        '',
        '| formatting-worker processes | req/s |',
        '|---:|---:|',
        `| 1 | ${f(oneWorker)} |`,
        `| 2 | ${f(twoWorkers)} |`,
        '',
        `- Scaling factor: **${(twoWorkers / oneWorker).toFixed(2)}x**`,
        '',
      ].join('\n'),
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1_000));
    await fake.close();
    await dropDatabase(testInfra.postgresUrl, database).catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
