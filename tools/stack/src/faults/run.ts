// `npm run faults`: the whole product under a steady load, one fault at a time, and what each
// fault cost (issue 16 item 6). Not part of `npm test`: it takes minutes, kills processes and
// restarts databases. It runs `npm start` on private PostgreSQL, Redis and NATS (it restarts
// those, so it never touches servers other work may be using) with a fake LLM that takes a
// realistic time per note, so a killed worker is caught mid-job.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { emptyClinicalRecord } from '@pv/contracts';
import { startFakeOpenAI } from '@pv/provider-fakes';
import { withTotp } from '@pv/service-kit/testing';
import type { FileLock } from '../lock.js';
import { error, info } from '../log.js';
import { repoRoot } from '../paths.js';
import { GatewayClient, type OpResult } from './load.js';
import { stopStartedBySuite } from './processes.js';
import {
  makePremiumClinicians,
  sleep,
  startProductUnderLoad,
  stopOnInterrupt,
  takePortLock,
} from './product-under-load.js';
import { renderReport } from './report.js';
import { FAULTS, type FaultContext, type FaultOutcome } from './scenarios.js';

const PORT = Number(process.env.FAULTS_PORT ?? 18280);
const CLINICIANS = Number(process.env.FAULTS_CLINICIANS ?? 6);
const ADMIN = { email: 'faults.admin@prontuario.test', password: 'Faults-Admin-2026!' };
const VAULT_ADMIN_KEY = 'chave-do-cofre-da-suite-de-falhas-0123456789';
const LLM_DELAY_MS = Number(process.env.FAULTS_LLM_DELAY_MS ?? 2500);

async function main(): Promise<number> {
  const lock = await takePortLock(Number(process.env.FAULTS_LOCK_TIMEOUT_MS ?? 30 * 60_000));
  try {
    return await underLock(lock);
  } finally {
    lock.release();
  }
}

async function underLock(lock: FileLock): Promise<number> {
  // The JSON note a model answers for consulta_medica (services/formatting's LLM contract).
  // Structured Outputs in strict mode: the record is part of every answer, and consulta_medica
  // has 'Medicações em Uso' after the past history (issue 28).
  const note = JSON.stringify({
    record: emptyClinicalRecord(),
    patientData: { name: 'Helena Duarte', age: '52 anos', gender: 'Feminino' },
    sections: [
      ['chiefComplaint', 'Cefaleia há três dias.'],
      ['historyOfPresentIllness', 'Pior à tarde.'],
      ['pastHistory', 'Nada digno de nota.'],
      ['medicationsInUse', 'Nenhuma.'],
      ['physicalExam', 'PA 130x85 mmHg.'],
      ['complementaryExams', 'Não realizados.'],
      ['diagnosticHypothesis', 'Cefaleia tensional.'],
      ['plan', 'Dipirona 500 mg.'],
    ].map(([key, content]) => ({ key, content })),
  });
  const llm = await startFakeOpenAI({
    respond: () => ({ content: note, delayMs: LLM_DELAY_MS }),
  });
  let product: Awaited<ReturnType<typeof startProductUnderLoad>> | undefined;
  // Interrupted: whatever the suite restarted goes too.
  stopOnInterrupt(lock, () => (product?.stop() ?? Promise.resolve()).then(stopStartedBySuite));
  try {
    product = await startProductUnderLoad({
      port: PORT,
      admin: ADMIN,
      logFolder: 'faults',
      env: {
        VAULT_ADMIN_KEY,
        VAULT_CONSULT_MAX_PER_HOUR: '1000000',
        OPENAI_BASE_URL: llm.url,
        OPENAI_API_KEY: 'faults-suite',
      },
    });
    const { baseUrl } = product;
    await sleep(3000);
    const admin = new GatewayClient(baseUrl);
    const login = await admin.call('POST', '/auth/login', withTotp(ADMIN));
    if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
    const clinicians = await makePremiumClinicians(baseUrl, admin, CLINICIANS, 'falhas');
    const context: FaultContext = {
      baseUrl,
      admin,
      vaultAdminKey: VAULT_ADMIN_KEY,
      clinicians,
      stackPid: product.pid,
    };

    // Each phase runs its own load (scenarios.ts). No load between phases: a second loop of the
    // same clinicians would be counted by billing but not by the phase's books (the runs before
    // this one had such a loop, which is why every phase showed formats and PDFs counted twice).
    const results: OpResult[] = [];
    const outcomes: FaultOutcome[] = [];
    const only = process.env.FAULTS_ONLY?.split(',');
    for (const fault of FAULTS.filter((f) => !only || only.includes(f.key))) {
      info(`fault: ${fault.label}...`);
      try {
        outcomes.push(await fault.run(context, results));
      } catch (err) {
        error(`${fault.label}: ${err instanceof Error ? err.message : String(err)}`);
        outcomes.push({ fault, error: err instanceof Error ? err.message : String(err) });
      }
    }
    const report = renderReport(outcomes, { clinicians: CLINICIANS, llmDelayMs: LLM_DELAY_MS });
    const out = path.join(repoRoot, '.data', 'faults', 'latest.md');
    writeFileSync(out, report);
    process.stdout.write(`\n${report}\n`);
    info(`report written to ${path.relative(repoRoot, out)} (copy it into docs/RELIABILITY.md)`);
    return outcomes.some((o) => 'error' in o) ? 1 : 0;
  } finally {
    await product?.stop();
    await stopStartedBySuite();
    await llm.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  },
);
