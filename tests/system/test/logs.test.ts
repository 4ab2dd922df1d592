import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  createTestDatabase,
  eventually,
  freePort,
  scaled,
  startPrivateNats,
  testInfra,
  testSessionKeys,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useUpDefaultVisitorBudgets } from './used-up-budgets.js';

// Issue 15 item 4: no patient text in logs. The real processes (formatting and its worker,
// documents and its pdf-worker) run as in production, at the most verbose level, and everything
// they write is captured.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const children: ChildProcess[] = [];
const output: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
let formattingUrl = '';
let documentsUrl = '';
let budgets: Awaited<ReturnType<typeof useUpDefaultVisitorBudgets>>;

function run(service: string, script: 'start' | 'worker', env: Record<string, string>) {
  const entry =
    script === 'start'
      ? 'src/server.ts'
      : service === 'formatting'
        ? 'src/workers/formatting-worker.ts'
        : 'src/workers/pdf-worker.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: `${root}services/${service}`,
    env: { ...process.env, ...env, LOG_LEVEL: 'trace', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  children.push(child);
}

beforeAll(async () => {
  // As `npm start` leaves the machine after an hour of visitors: the processes below must not
  // count under the default prefix, so these cannot refuse them (issue 26).
  budgets = await useUpDefaultVisitorBudgets(testInfra.redisUrl);
  cleanups.push(budgets.restore);
  const keys = testSessionKeys();
  const nats = await startPrivateNats();
  const formattingDb = await createTestDatabase('sys_logs_formatting');
  const documentsDb = await createTestDatabase('sys_logs_documents');
  cleanups.push(nats.stop, formattingDb.drop, documentsDb.drop);
  const suffix = randomBytes(4).toString('hex');
  // Everything of their own: databases, queues, consumer, NATS server and Redis key prefix.
  const common = {
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    REDIS_KEY_PREFIX: `pv:test:logs:${suffix}:`,
    NATS_URL: nats.url,
    SESSION_PUBLIC_KEY: keys.publicKey,
    HOST: '127.0.0.1',
  };
  const formattingPort = await freePort();
  const documentsPort = await freePort();
  const formatting = {
    ...common,
    PORT: String(formattingPort),
    FORMATTING_DATABASE: formattingDb.name,
    FORMATTING_QUEUE: `test-logs-formatting-${suffix}`,
    FORMATTING_CONSUMER: `test-logs-${suffix}`,
  };
  const documents = {
    ...common,
    PORT: String(documentsPort),
    DOCUMENTS_DATABASE: documentsDb.name,
    PDF_QUEUE: `test-logs-pdf-${suffix}`,
  };
  run('formatting', 'start', formatting);
  run('formatting', 'worker', formatting);
  run('documents', 'start', documents);
  run('documents', 'worker', documents);
  formattingUrl = `http://127.0.0.1:${formattingPort}`;
  documentsUrl = `http://127.0.0.1:${documentsPort}`;
  const ready = async (url: string) => (await fetch(`${url}/ready`).catch(() => null))?.ok;
  await eventually(
    async () =>
      (await ready(formattingUrl)) &&
      (await ready(documentsUrl)) &&
      output.join('').includes('formatting worker ready') &&
      output.join('').includes('pdf worker ready'),
    90_000,
  );
}, scaled(120_000));

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
}, scaled(60_000));

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('processes started by a test (issue 26 item 5)', () => {
  it("serve visitors although the default prefix's visitor budgets are used up", async () => {
    expect(await budgets.spent('formatting:', 'anonymous', '127.0.0.1')).toBeGreaterThan(30);
    expect(await budgets.spent('documents:', 'anonymous:pdfs', '127.0.0.1')).toBeGreaterThan(30);
    const formatted = await post(`${formattingUrl}/api/format-text`, {
      text: 'Paciente refere cefaleia há dois dias.',
      professional: 'consulta_medica',
    });
    expect(formatted.status).toBe(200);
    const pdf = await post(`${documentsUrl}/api/generate-pdf`, { content: 'Nota', title: 'Nota' });
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
  });
});

describe('logs (issue 15 item 4)', () => {
  it('a formatting, a refused formatting and a PDF leave the dictation in no log line', async () => {
    const word = `pelicano${randomBytes(4).toString('hex')}`;
    const dictation = `Paciente Joaquim refere ${word} e dor abdominal há dois dias. Conduta: hidratação oral.`;
    const formatted = await post(`${formattingUrl}/api/format-text`, {
      text: dictation,
      professional: 'consulta_medica',
    });
    expect(formatted.status).toBe(200);
    const note = ((await formatted.json()) as { text: string }).text;
    expect(note.toLowerCase()).toContain(word);
    const refused = await post(`${formattingUrl}/api/format-text`, {
      text: dictation,
      professional: 'consulta_medica',
      useSuperAI: true,
      useAlternativeAI: true,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const invalid = await post(`${formattingUrl}/api/format-text`, {
      text: dictation,
      professional: `nao-existe-${word}`,
    });
    expect(invalid.status).toBe(400);
    const pdf = await post(`${documentsUrl}/api/generate-pdf`, { content: note, title: 'Nota' });
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
    // The requests were logged (so the capture works), the text was not.
    await eventually(async () => output.join('').includes('/api/generate-pdf'), 10_000);
    // Case-insensitive: the formatter capitalises the word at the start of a sentence.
    const logs = output.join('').toLowerCase();
    expect(logs).toContain('/api/format-text');
    expect(logs).not.toContain(word);
  });
});
