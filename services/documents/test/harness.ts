import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { EventPayload } from '@pv/contracts';
import type { Principal } from '@pv/service-kit/http';
import { JobQueue } from '@pv/service-kit/jobs';
import { Client, collectEvents, startServiceUnderTest } from '@pv/service-kit/testing';
import { buildDocumentsApp } from '../src/app.js';
import { loadDocumentsConfig } from '../src/config.js';
import {
  applyProfessionalEvent,
  startProfessionalConsumer,
} from '../src/events/professional-consumer.js';
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
  options: {
    worker?: boolean;
    consumer?: boolean;
    signingExtraTrustRoots?: readonly string[];
  } = {},
) {
  let queue: JobQueue | undefined;
  let pdfWorker: Awaited<ReturnType<typeof startPdfWorker>> | undefined;
  // A hold armed by holdNextPdf: the next PDF job the worker takes waits there, running.
  let hold: { taken: (jobId: string) => void; released: Promise<void> } | undefined;
  const beforeRender = async (jobId: string) => {
    const armed = hold;
    if (!armed) return;
    hold = undefined;
    armed.taken(jobId);
    await armed.released;
  };
  const redisKeyPrefix = `pv:test:documents:${randomBytes(5).toString('hex')}:`;
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
      const worker =
        options.worker === false ? undefined : await startPdfWorker(config, { beforeRender });
      pdfWorker = worker;
      const app = await buildDocumentsApp({
        config,
        runtime,
        queue: jobs,
        logger: false,
        redisKeyPrefix,
        ...(options.signingExtraTrustRoots
          ? { signingExtraTrustRoots: options.signingExtraTrustRoots }
          : {}),
      });
      app.addHook('onClose', async () => {
        // A short drain: a job still running then is handed back and discarded with the queue,
        // instead of holding close() for the production grace (120 s, past the hook timeout).
        await worker?.close(5_000);
        await jobs.discard();
        const stale = await runtime.redis.keys(`${redisKeyPrefix}*`);
        if (stale.length > 0) await runtime.redis.del(...stale);
      });
      return app;
    },
    consumer: (nc, runtime, config) =>
      startProfessionalConsumer(nc, {
        db: runtime.db,
        durable: config.DOCUMENTS_CONSUMER,
        log: runtime.log,
      }),
    startConsumer: options.consumer ?? false,
    // Every test file's anonymous calls share one address: roomy limits unless a test sets its own.
    env: {
      ANON_DOCUMENTS_MAX_PER_HOUR: '1000',
      ANON_PRESCRIPTIONS_MAX_PER_HOUR: '1000',
      ANON_PDFS_MAX_PER_HOUR: '1000',
      ANON_EXTRACT_MAX_PER_HOUR: '1000',
      ...env,
    },
  });
  /** Puts a professional in the projection as auth.user.changed.v1 would (the consumer's own handler). */
  const knowProfessional = (user: ProfessionalUser) =>
    applyProfessionalEvent(svc.runtime.db, {
      id: randomUUID(),
      subject: 'auth.user.changed.v1',
      occurredAt: new Date().toISOString(),
      payload: { change: 'updated', user },
    });
  return {
    ...svc,
    queue: queue!,
    knowProfessional,
    /**
     * Holds the next PDF job the in-process worker takes before it renders: `taken` resolves with
     * its id once the worker has it (locked, running), `release` lets it go on and resolves when
     * the worker has ended it (completed or failed). The worker stays connected throughout.
     */
    holdNextPdf() {
      const worker = pdfWorker?.worker;
      if (!worker) throw new Error('holdNextPdf needs the in-process pdf-worker');
      let taken: (jobId: string) => void = () => {};
      let release: () => void = () => {};
      const takenJob = new Promise<string>((resolve) => {
        taken = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { taken, released };
      return {
        taken: takenJob,
        release: async () => {
          const jobId = await takenJob;
          const ended = new Promise<void>((resolve) => {
            const done = (job: { id?: string } | undefined) => {
              if (job?.id !== jobId) return;
              worker.off('completed', done);
              worker.off('failed', done);
              resolve();
            };
            worker.on('completed', done);
            worker.on('failed', done);
          });
          release();
          await ended;
        },
      };
    },
    /**
     * A client acting as a user of the given role (a fresh user each call). Signed-in users are
     * PROFILE's professional in the projection unless `professional` says otherwise (null: none).
     */
    as: async (
      role: Role,
      options: {
        professional?: Partial<ProfessionalUser> | null;
        /** Fields of the session record, e.g. `{ emailVerified: false }` (issue 23 item 1). */
        session?: Partial<Principal>;
      } = {},
    ): Promise<Client & { userId?: string }> => {
      if (role === 'anonymous') return new Client(svc.url);
      const client = await svc.as(role, undefined, {}, options.session);
      if (options.professional !== null)
        await knowProfessional(professionalUser(client.userId, options.professional));
      return client;
    },
    /** A raw call answering the body as bytes (for PDFs and text files). */
    async file(
      client: Client,
      route: string,
      body: unknown,
      base = svc.url,
      headers: Record<string, string> = {},
    ) {
      const response = await fetch(`${base}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(client.cookie ? { cookie: client.cookie } : {}),
          ...headers,
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

type ProfessionalUser = EventPayload<'auth.user.changed.v1'>['user'];

/** The verified CPF of the test professional: the one createTestPki's certificates carry. */
export const TEST_PROFESSIONAL_CPF = '52998224725';

/** auth.user.changed.v1's user for PROFILE's professional (CRM/SP 123456), with any field changed. */
export const professionalUser = (
  id: string,
  overrides: Partial<ProfessionalUser> = {},
): ProfessionalUser => ({
  id,
  firstName: 'Ana',
  lastName: 'Beatriz Gonçalves',
  fullName: 'Dra. Ana Beatriz Gonçalves',
  email: `ana.${id.slice(0, 8)}@clinica.test`,
  isAdmin: false,
  isPremium: false,
  userStatus: 'active',
  specialty: 'consulta_medica',
  createdAt: '2026-01-10T10:00:00.000Z',
  lastLoginAt: null,
  professionalRegistry: 'CRM',
  registryNumber: '123456',
  registryUf: 'SP',
  rqe: null,
  clinicAddress: 'Rua das Acácias, 100 - São Paulo/SP',
  clinicPhone: '(11) 3333-4444',
  // Issue 23: a verified professional (the CPF of @pv/signing's test PKI); tests of the
  // unverified cases say so.
  professionalVerification: {
    state: 'verificado',
    verifiedCpf: TEST_PROFESSIONAL_CPF,
    decidedAt: '2026-01-11T10:00:00.000Z',
  },
  ...overrides,
});

export const PROFILE = {
  name: 'Dra. Ana Beatriz Gonçalves',
  registry: 'CRM/SP 123456',
  clinicAddress: 'Rua das Acácias, 100 - São Paulo/SP',
  clinicPhone: '(11) 3333-4444',
};

/**
 * A two-patient consultation as the formatter renders it (one `PACIENTE N` block each, then the
 * summary): Ana Lima (dipirona) and Bruno Castro (sertralina, losartana).
 */
export const TWO_PATIENT_NOTE = [
  'PACIENTE 1',
  'Consulta Médica',
  'Paciente: Ana Lima | Idade: 30 anos | Sexo: Feminino',
  '',
  'QUEIXA PRINCIPAL',
  'Cefaleia tensional.',
  '',
  'HIPÓTESE DIAGNÓSTICA',
  'Cefaleia do tipo tensional.',
  '',
  'CONDUTA',
  '- Dipirona 500 mg, tomar 1 comprimido de 6/6h se dor por 5 dias',
  'Afastamento de 1 dia.',
  '',
  'PACIENTE 2',
  'Consulta Médica',
  'Paciente: Bruno Castro | Idade: 52 anos | Sexo: Masculino',
  '',
  'QUEIXA PRINCIPAL',
  'Tristeza e insônia há três meses.',
  '',
  'HIPÓTESE DIAGNÓSTICA',
  'Episódio depressivo moderado.',
  '',
  'CONDUTA',
  '- Sertralina 50 mg, tomar 1 comprimido pela manhã por 30 dias',
  '- Losartana 50 mg, tomar 1 comprimido ao dia por 30 dias',
  'Afastamento de 5 dias.',
  '',
  'RESUMO DO ATENDIMENTO',
  '2 pacientes atendidos.',
  'Paciente 1: Ana Lima — Queixa principal: Cefaleia tensional.',
  'Paciente 2: Bruno Castro — Queixa principal: Tristeza e insônia há três meses.',
].join('\n');

/** The date the service prints (São Paulo time), dd/MM/yyyy. */
export const todayBr = () =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
