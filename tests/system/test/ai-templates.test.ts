import { randomBytes } from 'node:crypto';
import type { GenerateDocumentResponse } from '@pv/contracts';
import { buildDocumentsApp, startAiTemplateConsumer } from '@pv/documents';
import { loadDocumentsConfig } from '@pv/documents/config';
import { openDocuments } from '@pv/documents/runtime';
import { buildFormattingApp } from '@pv/formatting';
import { loadFormattingConfig } from '@pv/formatting/config';
import { openFormatting } from '@pv/formatting/runtime';
import { JobQueue } from '@pv/service-kit/jobs';
import {
  Client,
  eventually,
  startPrivateNats,
  startServiceUnderTest,
  testSessionKeys,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The 'Templates IA' tab's document templates reach document generation the production way:
 * formatting (which owns them) publishes ai.template.changed.v1 from its outbox; documents'
 * durable consumer keeps its projection; generate-document uses the active one.
 */
const NOTE = [
  'Consulta Médica',
  'Paciente: Helena Prado | Idade: 63 anos | Sexo: Feminino',
  '',
  'QUEIXA PRINCIPAL',
  'Tontura há uma semana.',
  '',
  'HIPÓTESE DIAGNÓSTICA',
  'Vertigem posicional paroxística benigna.',
  '',
  'CONDUTA',
  'Manobra de reposicionamento. Retorno em 15 dias.',
].join('\n');
const PROFILE = { name: 'Dr. Caio Mendes', registry: 'CRM/MG 55555' };

let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let formatting: Awaited<ReturnType<typeof startFormatting>>;
let documents: Awaited<ReturnType<typeof startDocuments>>;

const keys = testSessionKeys();
const shared = { nats: true, keys } as const;

function startFormatting(natsUrl: string) {
  return startServiceUnderTest({
    name: 'sys_tpl_formatting',
    databaseVariable: 'FORMATTING_DATABASE',
    loadConfig: (base) =>
      loadFormattingConfig({
        FORMATTING_QUEUE: `test-${base.FORMATTING_DATABASE!.replace(/_/g, '-')}`,
        ...base,
      }),
    open: openFormatting,
    build: async (config, runtime) => {
      const queue = await JobQueue.open(config.FORMATTING_QUEUE, config.REDIS_URL);
      const app = await buildFormattingApp({
        config,
        runtime,
        queue,
        logger: false,
        redisKeyPrefix: `pv:test:${config.FORMATTING_DATABASE}:`,
      });
      app.addHook('onClose', () => queue.discard());
      return app;
    },
    env: { NATS_URL: natsUrl },
    shared,
  });
}

function startDocuments(natsUrl: string) {
  const redisKeyPrefix = `pv:test:documents:${randomBytes(5).toString('hex')}:`;
  return startServiceUnderTest({
    name: 'sys_tpl_documents',
    databaseVariable: 'DOCUMENTS_DATABASE',
    loadConfig: (base) =>
      loadDocumentsConfig({
        PDF_QUEUE: `test-${base.DOCUMENTS_DATABASE!.replace(/_/g, '-')}`,
        ...base,
      }),
    open: openDocuments,
    build: async (config, runtime) => {
      const queue = await JobQueue.open(config.PDF_QUEUE, config.REDIS_URL);
      const app = await buildDocumentsApp({
        config,
        runtime,
        queue,
        logger: false,
        redisKeyPrefix,
      });
      app.addHook('onClose', async () => {
        await queue.discard();
        const stale = await runtime.redis.keys(`${redisKeyPrefix}*`);
        if (stale.length > 0) await runtime.redis.del(...stale);
      });
      return app;
    },
    consumer: (nc, runtime, config) =>
      startAiTemplateConsumer(nc, {
        db: runtime.db,
        durable: config.DOCUMENTS_TEMPLATES_CONSUMER,
        log: runtime.log,
      }),
    startConsumer: true,
    env: { NATS_URL: natsUrl, ANON_DOCUMENTS_MAX_PER_HOUR: '1000' },
    shared,
  });
}

beforeAll(async () => {
  nats = await startPrivateNats();
  formatting = await startFormatting(nats.url);
  documents = await startDocuments(nats.url);
});
afterAll(async () => {
  await documents?.close();
  await formatting?.close();
  await nats?.stop();
});

const summary = async () => {
  const res = await new Client(documents.url).post('/api/generate-document', {
    consultationText: NOTE,
    documentType: 'resumo_consulta',
    profile: PROFILE,
  });
  expect(res.status).toBe(200);
  return (res.body as unknown as GenerateDocumentResponse).document;
};

describe("'Templates IA' document templates feed document generation (formatting -> documents)", () => {
  it('created, deactivated, reactivated while documents is down, deleted: each reaches the document', async () => {
    const admin = await formatting.as('admin');
    const plain = await summary();
    expect(plain).not.toContain('ORIENTAÇÃO DA CLÍNICA');

    const created = await admin.post('/api/ai-templates', {
      templateKey: 'resumo_consulta',
      templateType: 'document_template',
      name: 'Resumo da clínica',
      prompt:
        '# Hipótese diagnóstica\n# Orientação da clínica\nEm caso de dúvida, ligue para a clínica.',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const shaped = await eventually(async () => {
      const document = await summary();
      return document.includes('ORIENTAÇÃO DA CLÍNICA') ? document : undefined;
    });
    expect(shaped.indexOf('HIPÓTESE DIAGNÓSTICA')).toBeLessThan(
      shaped.indexOf('MOTIVO DA CONSULTA'),
    );
    expect(shaped).toContain('Em caso de dúvida, ligue para a clínica.');
    for (const required of ['Helena Prado', 'CRM/MG 55555', 'Dr. Caio Mendes', 'ASSINATURA'])
      expect(shaped).toContain(required);

    await admin.put(`/api/ai-templates/${id}`, { isActive: false });
    await eventually(async () => ((await summary()) === plain ? true : undefined));

    // Documents' consumer is down while the admin reactivates it: it catches up on return.
    await documents.stopConsumer();
    await admin.put(`/api/ai-templates/${id}`, { isActive: true });
    await new Promise((r) => setTimeout(r, 500));
    expect(await summary()).toBe(plain);
    await documents.startConsumer();
    await eventually(async () =>
      (await summary()).includes('ORIENTAÇÃO DA CLÍNICA') ? true : undefined,
    );

    expect((await admin.delete(`/api/ai-templates/${id}`)).status).toBe(200);
    await eventually(async () => ((await summary()) === plain ? true : undefined));
  });
});
