// The capacity scenario (issue 16 item 7): how many clinicians the product serves before its own
// overhead (time not spent waiting for the LLM) passes 200 ms at p95, and how much CPU each process
// spends per clinician, which is what the HPA and KEDA thresholds are set from. A benchmark, not a
// test: `node --import tsx bench/capacity.ts` (docs/BENCHMARKS.md has the latest figures).
//
// It runs `npm start` on private PostgreSQL, Redis and NATS (as the fault suite does) with a fake
// OpenAI-compatible LLM that streams the note token by token at a realistic pace and a fake Soniox
// for the temporary keys. Each simulated clinician loops over one consultation as the workspace
// makes it: load the page, dictate (a Soniox key, the speech session, the seconds used), stream the
// formatted note, print a PDF, open the usage report; then thinks for a moment and starts again.
// The number of clinicians steps up until the p95 overhead of a step passes the goal.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyClinicalRecord } from '@pv/contracts';
import { startFakeOpenAI, startFakeSoniox } from '@pv/provider-fakes';
import { withTotp } from '@pv/service-kit/testing';
import { GatewayClient } from '../faults/load.js';
import {
  makePremiumClinicians,
  type ProductUnderLoad,
  sleep,
  startProductUnderLoad,
  stopOnInterrupt,
  takePortLock,
} from '../faults/product-under-load.js';
import { error, info } from '../log.js';
import { repoRoot } from '../paths.js';
import { cpuDelta, cpuSecondsByProcess } from './processes-cpu.js';

const PORT = Number(process.env.CAPACITY_PORT ?? 18380);
const STEPS = (process.env.CAPACITY_STEPS ?? '2,4,8,16,24,32,48')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const STEP_SECONDS = Number(process.env.CAPACITY_STEP_SECONDS ?? 60);
const THINK_MS = Number(process.env.CAPACITY_THINK_MS ?? 3000);
/** The fake model's pace: 8 characters (about two tokens) every 40 ms, about 50 tokens/s. */
const CHUNK_SIZE = 8;
const CHUNK_DELAY_MS = Number(process.env.CAPACITY_LLM_CHUNK_DELAY_MS ?? 40);
const GOAL_P95_OVERHEAD_MS = 200;
const ADMIN = { email: 'capacidade.admin@prontuario.test', password: 'Capacidade-Admin-2026!' };

type Step = 'page' | 'dictation' | 'format' | 'pdf' | 'usage';
const STEP_NAMES: Step[] = ['page', 'dictation', 'format', 'pdf', 'usage'];

interface Sample {
  step: Step;
  /** Why a step failed (status codes and error codes, never a body), for the report. */
  failure?: string;
  /** Wall time of the step minus the time the fake LLM spent streaming (format only). */
  overheadMs: number;
  ok: boolean;
}

// The JSON note the fake model streams for consulta_medica (formatting's LLM contract; strict
// Structured Outputs: the record is in every answer, 'Medicações em Uso' follows the history).
const NOTE = JSON.stringify({
  record: emptyClinicalRecord(),
  patientData: { name: 'Helena Duarte', age: '52 anos', gender: 'Feminino' },
  sections: [
    ['chiefComplaint', 'Cefaleia há três dias, pior à tarde, sem náuseas ou fotofobia.'],
    ['historyOfPresentIllness', 'Dor em peso, bilateral, sem aura; melhora parcial com dipirona.'],
    ['pastHistory', 'Hipertensão arterial.'],
    ['medicationsInUse', 'Losartana 50 mg ao dia.'],
    ['physicalExam', 'PA 130x85 mmHg, FC 76 bpm. Exame neurológico sem alterações.'],
    ['complementaryExams', 'Não realizados.'],
    ['diagnosticHypothesis', 'Cefaleia do tipo tensional.'],
    ['plan', 'Dipirona 500 mg de 6/6 h se dor. Orientada higiene do sono. Retorno em 30 dias.'],
  ].map(([key, content]) => ({ key, content })),
});
const LLM_STREAM_MS = Math.ceil(Array.from(NOTE).length / CHUNK_SIZE) * CHUNK_DELAY_MS;

const DICTATION =
  'Paciente Helena Duarte, 52 anos. Refere cefaleia há três dias, pior à tarde. Hipertensa em uso ' +
  'de losartana. Pressão 130 por 85, frequência 76. Penso em cefaleia tensional. Vou prescrever ' +
  'dipirona 500 mg de seis em seis horas se dor e retorno em trinta dias.';

/** Reads a Server-Sent Events answer to its `result` event; false when it ends without one. */
async function streamFormat(client: GatewayClient, baseUrl: string): Promise<Outcome> {
  const response = await fetch(`${baseUrl}/api/format-text`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      origin: client.origin,
      cookie: client.cookieHeader(),
    },
    body: JSON.stringify({ text: DICTATION, professional: 'consulta_medica' }),
    signal: AbortSignal.timeout(130_000),
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return `POST /api/format-text ${response.status}`;
  }
  const text = await response.text();
  if (text.includes('event: result')) return true;
  const code = /"code":"([A-Z_]+)"/.exec(text)?.[1];
  return `POST /api/format-text stream ended without a result${code ? ` (${code})` : ''}`;
}

/** An action answers true, or what went wrong (e.g. 'POST /api/generate-pdf 503 NO_PDF_WORKER'). */
type Outcome = true | string;

async function timed(step: Step, action: () => Promise<Outcome>, samples: Sample[]) {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = await action();
  } catch (err) {
    outcome = err instanceof Error ? err.name : 'error';
  }
  const wall = performance.now() - started;
  samples.push({
    step,
    ok: outcome === true,
    ...(outcome === true ? {} : { failure: outcome }),
    overheadMs: step === 'format' ? wall - LLM_STREAM_MS : wall,
  });
}

/** true for a 200 (or 201), else the call, its status and the error code it named. */
function answered(
  call: string,
  answer: { status: number; json?: Record<string, unknown> },
): Outcome {
  if (answer.status === 200 || answer.status === 201) return true;
  const code = typeof answer.json?.code === 'string' ? ` ${answer.json.code}` : '';
  return `${call} ${answer.status}${code}`;
}

const firstFailure = (outcomes: Outcome[]): Outcome => outcomes.find((o) => o !== true) ?? true;

/** One consultation as the workspace makes it, every step timed. */
async function consultation(
  client: GatewayClient,
  baseUrl: string,
  assets: string[],
  samples: Sample[],
) {
  const get = async (url: string) => answered(`GET ${url}`, await client.call('GET', url));
  await timed(
    'page',
    async () =>
      firstFailure(
        await Promise.all(['/', ...assets, '/auth/user', '/api/super-transcritor/usage'].map(get)),
      ),
    samples,
  );
  await timed(
    'dictation',
    async () => {
      const key = await client.call('POST', '/api/soniox/temporary-key', {});
      const session = await client.call('POST', '/api/user-metrics/transcription-sessions', {
        sessionId: randomUUID(),
      });
      const seconds = await client.call('POST', '/api/super-transcritor/usage', {
        secondsToAdd: 45,
        streamEnded: true,
      });
      return firstFailure([
        answered('POST /api/soniox/temporary-key', key),
        answered('POST /api/user-metrics/transcription-sessions', session),
        answered('POST /api/super-transcritor/usage', seconds),
      ]);
    },
    samples,
  );
  await timed('format', () => streamFormat(client, baseUrl), samples);
  await timed(
    'pdf',
    async () => {
      const answer = await client.call('POST', '/api/generate-pdf', {
        content: 'Orientações: hidratação, higiene do sono, dipirona se dor. Retorno em 30 dias.',
        title: 'Orientações',
        documentType: 'orientacoes_paciente',
      });
      if (answer.status === 200 && answer.bytes?.subarray(0, 4).toString() !== '%PDF')
        return 'POST /api/generate-pdf 200 without a PDF';
      return answered('POST /api/generate-pdf', answer);
    },
    samples,
  );
  await timed('usage', () => get('/api/user-metrics'), samples);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface StepResult {
  clinicians: number;
  consultations: number;
  failed: number;
  p95: Record<Step, number>;
  worstP95: number;
  cpuCores: Map<string, number>;
  /** Failures by what went wrong, most frequent first. */
  failures: [string, number][];
}

async function runStep(
  clients: GatewayClient[],
  baseUrl: string,
  assets: string[],
  stackPid: number,
): Promise<StepResult> {
  const samples: Sample[] = [];
  const cpuBefore = cpuSecondsByProcess(stackPid);
  const startedAt = performance.now();
  const deadline = Date.now() + STEP_SECONDS * 1000;
  let consultations = 0;
  await Promise.all(
    clients.map(async (client, index) => {
      // Spread the clinicians' starts over one think time, as real ones are not in step.
      await sleep((THINK_MS * index) / clients.length);
      while (Date.now() < deadline) {
        await consultation(client, baseUrl, assets, samples);
        consultations += 1;
        await sleep(THINK_MS);
      }
    }),
  );
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const used = cpuDelta(cpuBefore, cpuSecondsByProcess(stackPid));
  const cpuCores = new Map([...used].map(([label, seconds]) => [label, seconds / elapsedSeconds]));
  const p95 = Object.fromEntries(
    STEP_NAMES.map((step) => [
      step,
      percentile(
        samples.filter((s) => s.step === step && s.ok).map((s) => s.overheadMs),
        95,
      ),
    ]),
  ) as Record<Step, number>;
  return {
    clinicians: clients.length,
    consultations,
    failed: samples.filter((s) => !s.ok).length,
    failures: [
      ...samples
        .flatMap((s) => (s.failure ? [s.failure] : []))
        .reduce((counts, f) => counts.set(f, (counts.get(f) ?? 0) + 1), new Map<string, number>()),
    ].sort((a, b) => b[1] - a[1]),
    p95,
    worstP95: Math.max(...Object.values(p95).filter((v) => Number.isFinite(v))),
    cpuCores,
  };
}

const ms = (v: number) => (Number.isFinite(v) ? String(Math.round(v)) : '—');

function render(results: StepResult[]): string {
  const labels = [...new Set(results.flatMap((r) => [...r.cpuCores.keys()]))].sort();
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} CPUs (load average before: ${os.loadavg()[0]?.toFixed(1)}); ${STEP_SECONDS} s per step, think time ${THINK_MS / 1000} s, the fake LLM streams a ${Array.from(NOTE).length}-character note in ${LLM_STREAM_MS} ms.`,
    '',
    '**p95 overhead per step (ms)**: wall time, minus the LLM streaming time for the format.',
    '',
    '| clinicians | consultations/min | failed | page | dictation | format | pdf | usage | worst p95 |',
    '| ---------: | ----------------: | -----: | ---: | --------: | -----: | --: | ----: | --------: |',
    ...results.map(
      (r) =>
        `| ${r.clinicians} | ${((r.consultations * 60) / STEP_SECONDS).toFixed(1)} | ${r.failed} | ${ms(r.p95.page)} | ${ms(r.p95.dictation)} | ${ms(r.p95.format)} | ${ms(r.p95.pdf)} | ${ms(r.p95.usage)} | ${ms(r.worstP95)} |`,
    ),
    '',
    '**CPU cores used per process** (1.00 = one core busy for the whole step):',
    '',
    `| clinicians | ${labels.join(' | ')} |`,
    `| ---------: | ${labels.map(() => '---:').join(' | ')} |`,
    ...results.map(
      (r) =>
        `| ${r.clinicians} | ${labels.map((l) => (r.cpuCores.get(l) ?? 0).toFixed(2)).join(' | ')} |`,
    ),
  ];
  const failing = results.filter((r) => r.failures.length > 0);
  if (failing.length > 0)
    lines.push(
      '',
      '**Failures**:',
      '',
      ...failing.map(
        (r) =>
          `- ${r.clinicians} clinicians: ${r.failures.map(([what, n]) => `${n}× ${what}`).join('; ')}`,
      ),
    );
  const within = results.filter((r) => r.worstP95 <= GOAL_P95_OVERHEAD_MS && r.failed === 0);
  const best = within.at(-1);
  if (best) {
    lines.push(
      '',
      `Largest step within the goal (p95 overhead ≤ ${GOAL_P95_OVERHEAD_MS} ms, no failure): **${best.clinicians} clinicians**. Clinicians one core of each process serves at that step (clinicians ÷ cores used):`,
      '',
      `| ${labels.join(' | ')} |`,
      `| ${labels.map(() => '---:').join(' | ')} |`,
      `| ${labels
        .map((l) => {
          const cores = best.cpuCores.get(l) ?? 0;
          return cores > 0.005 ? Math.round(best.clinicians / cores) : '—';
        })
        .join(' | ')} |`,
    );
  } else {
    lines.push('', `No step stayed within the goal (p95 overhead ≤ ${GOAL_P95_OVERHEAD_MS} ms).`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<number> {
  const lock = await takePortLock(60 * 60_000);
  const llm = await startFakeOpenAI({
    respond: () => ({ content: NOTE, chunkSize: CHUNK_SIZE, chunkDelayMs: CHUNK_DELAY_MS }),
  });
  const soniox = await startFakeSoniox('capacidade-soniox');
  let product: ProductUnderLoad | undefined;
  stopOnInterrupt(lock, () => product?.stop() ?? Promise.resolve());
  try {
    product = await startProductUnderLoad({
      port: PORT,
      admin: ADMIN,
      logFolder: 'capacity',
      env: {
        OPENAI_BASE_URL: llm.url,
        OPENAI_API_KEY: 'capacity-scenario',
        SONIOX_API_KEY: 'capacidade-soniox',
        SONIOX_API_URL: soniox.url,
      },
    });
    const { baseUrl, pid } = product;
    const html = await (await fetch(`${baseUrl}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1] as string,
    );
    const admin = new GatewayClient(baseUrl);
    if ((await admin.call('POST', '/auth/login', withTotp(ADMIN))).status !== 200)
      throw new Error('admin login failed');
    const results: StepResult[] = [];
    const clients: GatewayClient[] = [];
    for (const count of STEPS) {
      const added = await makePremiumClinicians(
        baseUrl,
        admin,
        count - clients.length,
        'capacidade',
      );
      clients.push(...added.map((c) => c.client));
      info(`step: ${count} clinicians for ${STEP_SECONDS} s...`);
      const result = await runStep(clients, baseUrl, assets, pid);
      results.push(result);
      info(`  worst p95 overhead ${ms(result.worstP95)} ms, ${result.failed} failed`);
      if (result.worstP95 > GOAL_P95_OVERHEAD_MS * 2 || result.failed > result.consultations) break;
    }
    const report = render(results);
    writeFileSync(path.join(repoRoot, '.data', 'capacity', 'latest.md'), report);
    process.stdout.write(`\n${report}\n`);
    return 0;
  } finally {
    await product?.stop();
    await llm.close();
    await soniox.close();
    lock.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  },
);
