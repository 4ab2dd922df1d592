import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { JobQueue } from '@pv/service-kit';
import { Client, collectEvents, startServiceUnderTest } from '@pv/service-kit/testing';
import { buildDocumentsApp } from '../src/app.js';
import { loadDocumentsConfig } from '../src/config.js';
import { openDocuments } from '../src/runtime.js';
import { startPdfWorker } from '../src/workers/pdf-handlers.js';

export { Client, collectEvents };
export type Role = 'anonymous' | 'free' | 'premium' | 'admin';

/**
 * The real documents service (the kit's service under test: its own database, the real Redis,
 * its own NATS), its own PDF queue and (unless `worker: false`) a pdf-worker in this process.
 * LLM variables in `env` point it at a fake OpenAI-compatible server; without them it writes
 * documents offline.
 */
export async function startDocuments(
  env: Record<string, string> = {},
  options: { worker?: boolean; signingTrustAnchors?: readonly string[] } = {},
) {
  let queue: JobQueue | undefined;
  const svc = await startServiceUnderTest({
    name: 'documents',
    databaseVariable: 'DOCUMENTS_DATABASE',
    loadConfig: (base) =>
      loadDocumentsConfig({
        PDF_QUEUE: `test-pdf-${base.DOCUMENTS_DATABASE!.replace(/_/g, '-')}`,
        ...base,
      }),
    open: openDocuments,
    build: async (config, runtime) => {
      const jobs = await JobQueue.open(config.PDF_QUEUE, config.REDIS_URL);
      queue = jobs;
      const worker = options.worker === false ? undefined : await startPdfWorker(config);
      const app = await buildDocumentsApp({
        config,
        runtime,
        queue: jobs,
        logger: false,
        ...(options.signingTrustAnchors
          ? { signingTrustAnchors: options.signingTrustAnchors }
          : {}),
      });
      app.addHook('onClose', async () => {
        await worker?.close();
        await jobs.discard();
      });
      return app;
    },
    env,
  });
  return {
    ...svc,
    queue: queue!,
    /** A client acting as a user of the given role (a fresh user each call). */
    as: async (role: Role): Promise<Client & { userId?: string }> =>
      role === 'anonymous' ? new Client(svc.url) : svc.as(role),
    /** A raw call answering the body as bytes (for PDFs and text files). */
    async file(client: Client, route: string, body: unknown, base = svc.url) {
      const response = await fetch(`${base}${route}`, {
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
  };
}

export type DocumentsUnderTest = Awaited<ReturnType<typeof startDocuments>>;

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
