// `npm run faults`: the whole product under a steady load, one fault at a time, and what each
// fault cost (issue 16 item 6). Not part of `npm test`: it takes minutes, kills processes and
// restarts databases. It runs `npm start` on private PostgreSQL, Redis and NATS (it restarts
// those, so it never touches servers other work may be using) with a fake LLM that takes a
// realistic time per note, so a killed worker is caught mid-job.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeOpenAI } from '@pv/provider-fakes';
import { PROCESSES } from '../catalog/catalog.js';
import { acquireLock, type FileLock, STACK_PORTS_LOCK_FILE } from '../lock.js';
import { error, info } from '../log.js';
import { repoRoot } from '../paths.js';
import { GatewayClient, type OpResult } from './load.js';
import { stopStartedBySuite } from './processes.js';
import { renderReport } from './report.js';
import { FAULTS, type FaultContext, type FaultOutcome } from './scenarios.js';

const PORT = Number(process.env.FAULTS_PORT ?? 18280);
const CLINICIANS = Number(process.env.FAULTS_CLINICIANS ?? 6);
const ADMIN = { email: 'faults.admin@prontuario.test', password: 'Faults-Admin-2026!' };
const VAULT_ADMIN_KEY = 'chave-do-cofre-da-suite-de-falhas-0123456789';
const LLM_DELAY_MS = Number(process.env.FAULTS_LLM_DELAY_MS ?? 2500);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(1000);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function ok(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
  await response.body?.cancel();
  return response.ok;
}

/** Clinicians made Premium by the admin, each signed in through the gateway. */
async function makeClinicians(baseUrl: string): Promise<{ user: string; client: GatewayClient }[]> {
  const admin = new GatewayClient(baseUrl);
  const login = await admin.call('POST', '/auth/login', ADMIN);
  if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
  const clinicians = [];
  for (let i = 0; i < CLINICIANS; i += 1) {
    const client = new GatewayClient(baseUrl);
    const email = `falhas.${Date.now().toString(36)}.${i}@clinica.test`;
    const created = await client.call('POST', '/auth/register', {
      firstName: 'Clínica',
      lastName: `Falhas ${i}`,
      email,
      password: 'Senha-forte-2026!',
    });
    if (created.status !== 201) throw new Error(`register: ${created.status}`);
    const user = created.json?.user as { id: string } | undefined;
    if (!user) throw new Error('register answered without the user');
    const id = user.id;
    const grant = await admin.call('PUT', `/api/admin/users/${id}`, { isPremium: true });
    if (grant.status !== 200) throw new Error(`grant Premium: ${grant.status}`);
    // A fresh session carries the Premium flag.
    await client.call('POST', '/auth/login', { email, password: 'Senha-forte-2026!' });
    clinicians.push({ user: id, client });
  }
  return clinicians;
}

async function main(): Promise<number> {
  // The services listen on the fixed ports 8081-8087, as in the browser suites: take their
  // machine-wide lock (waiting for a running suite) and hold it until the stack is down.
  const lock = await acquireLock(STACK_PORTS_LOCK_FILE, {
    timeoutMs: Number(process.env.FAULTS_LOCK_TIMEOUT_MS ?? 30 * 60_000),
    onWait: (holder) =>
      info(
        `another run of the stack${holder ? ` (pid ${holder})` : ''} holds ${STACK_PORTS_LOCK_FILE}; waiting for it to finish...`,
      ),
  });
  info(`holding ${STACK_PORTS_LOCK_FILE}`);
  try {
    return await underLock(lock);
  } finally {
    lock.release();
  }
}

async function underLock(lock: FileLock): Promise<number> {
  // The JSON note a model answers for consulta_medica (services/formatting's LLM contract).
  const note = JSON.stringify({
    patientData: { name: 'Helena Duarte', age: '52 anos', gender: 'Feminino' },
    sections: [
      ['chiefComplaint', 'Cefaleia há três dias.'],
      ['historyOfPresentIllness', 'Pior à tarde.'],
      ['pastHistory', 'Nada digno de nota.'],
      ['physicalExam', 'PA 130x85 mmHg.'],
      ['complementaryExams', 'Não realizados.'],
      ['diagnosticHypothesis', 'Cefaleia tensional.'],
      ['plan', 'Dipirona 500 mg.'],
    ].map(([key, content]) => ({ key, content })),
  });
  const llm = await startFakeOpenAI({
    respond: () => ({ content: note, delayMs: LLM_DELAY_MS }),
  });
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const logDir = path.join(repoRoot, '.data', 'faults');
  mkdirSync(logDir, { recursive: true });
  const stackLog = path.join(logDir, `stack-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
  info(`starting the stack on private servers (log: ${path.relative(repoRoot, stackLog)})...`);
  const { openSync } = await import('node:fs');
  const logFd = openSync(stackLog, 'a');
  const stack = spawn(process.execPath, ['--import', 'tsx', 'tools/stack/src/cli.ts', 'start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PV_FORCE_PRIVATE_INFRA: '1',
      PORT: String(PORT),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      VAULT_ADMIN_KEY,
      VAULT_CONSULT_MAX_PER_HOUR: '1000000',
      OPENAI_BASE_URL: llm.url,
      OPENAI_API_KEY: 'faults-suite',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  const stopStack = async () => {
    if (stack.exitCode === null && stack.pid) process.kill(-stack.pid, 'SIGINT');
    await new Promise((resolve) =>
      stack.exitCode === null ? stack.once('exit', resolve) : resolve(null),
    );
  };
  // Interrupted: the stack (its own process group) and whatever the suite restarted go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void stopStack()
        .then(stopStartedBySuite)
        .finally(() => {
          lock.release();
          process.exit(130);
        });
    });
  try {
    await waitFor('the gateway', () => ok(`${baseUrl}/health`));
    // /ready/upstreams is an operators' endpoint, on the gateway's internal port only.
    const internalPort = PROCESSES.find((p) => p.name === 'gateway')?.internalPort ?? 9464;
    await waitFor('every service', () => ok(`http://127.0.0.1:${internalPort}/ready/upstreams`));
    await sleep(3000);
    const clinicians = await makeClinicians(baseUrl);
    const admin = new GatewayClient(baseUrl);
    await admin.call('POST', '/auth/login', ADMIN);
    const context: FaultContext = { baseUrl, admin, vaultAdminKey: VAULT_ADMIN_KEY, clinicians };

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
    const out = path.join(logDir, 'latest.md');
    writeFileSync(out, report);
    process.stdout.write(`\n${report}\n`);
    info(`report written to ${path.relative(repoRoot, out)} (copy it into docs/RELIABILITY.md)`);
    return outcomes.some((o) => 'error' in o) ? 1 : 0;
  } finally {
    await stopStack();
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
