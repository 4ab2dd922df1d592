import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createRedis, JobQueue } from '@pv/service-kit';
import {
  Client,
  collectEvents,
  createTestDatabase,
  mintSession,
  testInfra,
  testSessionKeys,
} from '@pv/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildDocumentsApp } from '../src/app.js';
import { type DocumentsConfig, loadDocumentsConfig } from '../src/config.js';
import { startPdfWorker } from '../src/pdf/worker-process.js';
import { openDocuments } from '../src/runtime.js';

export { Client, collectEvents };
export type Role = 'anonymous' | 'free' | 'premium' | 'admin';

export interface DocumentsUnderTest {
  app: FastifyInstance;
  queue: JobQueue;
  url: string;
  config: DocumentsConfig;
  runtime: Awaited<ReturnType<typeof openDocuments>>;
  as(role: Role): Promise<Client & { userId?: string }>;
  /** A raw call answering the body as bytes (for PDFs and text files). */
  file(
    client: Client,
    path: string,
    body: unknown,
  ): Promise<{ status: number; headers: Headers; bytes: Buffer }>;
  close(): Promise<void>;
}

/**
 * The real documents service on its own database, with real Redis and NATS, its own PDF queue
 * and (unless `worker: false`) a pdf-worker in this process. LLM variables in `env` point it at a
 * fake OpenAI-compatible server; without them it writes documents offline.
 */
export async function startDocuments(
  env: Record<string, string> = {},
  options: { worker?: boolean } = {},
): Promise<DocumentsUnderTest> {
  const database = await createTestDatabase('documents');
  const keys = testSessionKeys();
  const config = loadDocumentsConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: testInfra.natsUrl,
    DOCUMENTS_DATABASE: database.name,
    SESSION_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'silent',
    PDF_QUEUE: `test-pdf-${database.name.replace(/_/g, '-')}`,
    ...env,
  });
  const runtime = await openDocuments(config);
  const queue = new JobQueue(config.PDF_QUEUE, config.REDIS_URL);
  await queue.ready();
  const worker = options.worker === false ? undefined : await startPdfWorker(config);
  const app = await buildDocumentsApp({ config, runtime, queue, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const redis = createRedis(testInfra.redisUrl);
  return {
    app,
    queue,
    url,
    config,
    runtime,
    async as(role) {
      const client = new Client(url) as Client & { userId?: string };
      if (role === 'anonymous') return client;
      const { token, principal } = await mintSession(keys, redis, {
        isAdmin: role === 'admin',
        isPremium: role === 'premium',
      });
      client.cookie = `pv_session=${token}`;
      client.userId = principal.userId;
      return client;
    },
    async file(client, route, body) {
      const response = await fetch(`${url}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(client.cookie ? { cookie: client.cookie } : {}),
        },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        headers: response.headers,
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    },
    async close() {
      await app.close();
      await worker?.close();
      await queue.queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      redis.disconnect();
      await runtime.close();
      await database.drop();
    },
  };
}

const run = promisify(execFile);

/** Checks a PDF with the real tools: `qpdf --check` must pass; answers `pdftotext` output. */
export async function checkPdf(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pv-documents-'));
  const file = path.join(dir, 'document.pdf');
  try {
    await writeFile(file, bytes);
    await run('qpdf', ['--check', file]);
    const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-']);
    const { stdout: info } = await run('pdfinfo', [file]);
    const pages = Number(info.match(/^Pages:\s+(\d+)/m)?.[1] ?? 0);
    return { text, pages };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A formatted note as the formatting service renders it. */
export const FORMATTED_NOTE = [
  'Consulta Médica',
  'Paciente: Maria Conceição Souza | Idade: 45 anos | Sexo: Feminino',
  '',
  'QUEIXA PRINCIPAL',
  'Insônia e ansiedade há dois meses.',
  '',
  'HISTÓRIA DA DOENÇA ATUAL',
  'Piora após mudança de emprego; dificuldade para iniciar o sono.',
  '',
  'EXAME FÍSICO',
  'PA: 120x80 mmHg',
  '',
  'HIPÓTESE DIAGNÓSTICA',
  'Transtorno de ansiedade generalizada, CID F41.1.',
  '',
  'CONDUTA',
  '- Sertralina 50 mg, tomar 1 comprimido pela manhã por 30 dias',
  '- Dipirona 500 mg, tomar 1 comprimido de 6/6h se dor por 5 dias',
  'Solicito hemograma, TSH e glicemia de jejum. Retorno em 30 dias. Afastamento de 3 dias.',
  '',
  'OBSERVAÇÕES',
  'Higiene do sono e atividade física regular.',
].join('\n');

export const PROFILE = {
  name: 'Dra. Ana Beatriz Gonçalves',
  registry: 'CRM/SP 123456',
  clinicAddress: 'Rua das Acácias, 100 - São Paulo/SP',
  clinicPhone: '(11) 3333-4444',
};
