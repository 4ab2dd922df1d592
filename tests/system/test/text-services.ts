/**
 * Every text entry point of the product on the real services (issue 15 item 1), as a function of
 * its text: used by text-fuzz.test.ts and bench/text-entry-points.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { buildDocumentsApp } from '@pv/documents';
import { loadDocumentsConfig } from '@pv/documents/config';
import { openDocuments } from '@pv/documents/runtime';
import { buildFormattingApp } from '@pv/formatting';
import { loadFormattingConfig } from '@pv/formatting/config';
import { openFormatting } from '@pv/formatting/runtime';
import { startFormattingWorker } from '@pv/formatting/worker';
import { JobQueue } from '@pv/service-kit/jobs';
import { type Client, startServiceUnderTest, testSessionKeys } from '@pv/service-kit/testing';
import { buildSupportApp } from '@pv/support';
import { loadSupportConfig } from '@pv/support/config';
import { openSupport } from '@pv/support/runtime';
import { buildVaultApp } from '@pv/vault';
import { loadVaultConfig } from '@pv/vault/config';
import { openVault } from '@pv/vault/runtime';

export const SIZES = { small: 25_000, large: 200_000 };
/** The support form takes at most 10,000 characters. */
export const SUPPORT_SIZES = { small: 1_250, large: 10_000 };

const keys = testSessionKeys();
const shared = { nats: true, keys } as const;
const prefix = () => `pv:test:fuzz:${randomBytes(5).toString('hex')}:`;
export type EntryPoint = readonly [
  name: string,
  call: (text: string) => Promise<unknown>,
  sizes: { small: number; large: number },
];

/**
 * The services with a text entry point, each on its own database, sharing sessions and NATS;
 * formatting with its worker in this process. Answers every entry point as a function of its
 * text, for a signed-in free user (visitors' hourly limits are not what is measured).
 */
export async function startTextServices() {
  const started: { close(): Promise<void> }[] = [];
  const clients: Record<string, Client> = {};
  const formatting = await startServiceUnderTest({
    name: 'fuzz_formatting',
    databaseVariable: 'FORMATTING_DATABASE',
    loadConfig: (env) =>
      loadFormattingConfig({
        ...env,
        FORMATTING_QUEUE: `test-fuzz-${randomBytes(4).toString('hex')}`,
      }),
    open: openFormatting,
    build: async (config, runtime) => {
      const queue = new JobQueue(config.FORMATTING_QUEUE, config.REDIS_URL);
      await queue.ready();
      const worker = await startFormattingWorker(config);
      const app = await buildFormattingApp({
        config,
        runtime,
        queue,
        logger: false,
        redisKeyPrefix: prefix(),
      });
      app.addHook('onClose', async () => {
        await worker.close();
        await queue.queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
      });
      return app;
    },
    shared,
  });
  const documents = await startServiceUnderTest({
    name: 'fuzz_documents',
    databaseVariable: 'DOCUMENTS_DATABASE',
    loadConfig: loadDocumentsConfig,
    open: openDocuments,
    build: async (config, runtime) => {
      const queue = new JobQueue(config.PDF_QUEUE, config.REDIS_URL);
      const app = await buildDocumentsApp({
        config,
        runtime,
        queue,
        logger: false,
        redisKeyPrefix: prefix(),
      });
      app.addHook('onClose', () => queue.close());
      return app;
    },
    env: { PDF_QUEUE: `test-fuzz-pdf-${randomBytes(4).toString('hex')}` },
    shared,
  });
  const vault = await startServiceUnderTest({
    name: 'fuzz_vault',
    databaseVariable: 'VAULT_DATABASE',
    loadConfig: loadVaultConfig,
    open: openVault,
    build: (config, runtime) =>
      buildVaultApp({ config, runtime, logger: false, redisKeyPrefix: prefix() }),
    env: {
      VAULT_HMAC_SECRET: randomBytes(32).toString('hex'),
      VAULT_ADMIN_KEY: randomBytes(32).toString('hex'),
      VAULT_CONSULT_MAX_PER_HOUR: '100000',
    },
    shared,
  });
  const support = await startServiceUnderTest({
    name: 'fuzz_support',
    databaseVariable: 'SUPPORT_DATABASE',
    loadConfig: loadSupportConfig,
    open: openSupport,
    build: (config, runtime) =>
      buildSupportApp({ config, runtime, logger: false, redisKeyPrefix: prefix() }),
    env: { SUPPORT_USER_TICKETS_PER_HOUR: '100000' },
    shared,
  });
  started.push(formatting, documents, vault, support);
  // Signed-in callers: visitors' hourly limits are not what is measured here.
  clients.formatting = await formatting.as('free');
  clients.documents = await documents.as('free');
  clients.vault = await vault.as('free');
  clients.support = await support.as('free');

  /** Posts and insists on an answer the route gives to valid input (not a 4xx/5xx shortcut). */
  async function post(service: string, path: string, body: unknown) {
    const res = await clients[service]!.post(path, body);
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    return res;
  }

  const entryPoints: readonly EntryPoint[] = [
    [
      'POST /api/format-text (offline formatter)',
      (text) => post('formatting', '/api/format-text', { text, professional: 'consulta_medica' }),
      SIZES,
    ],
    [
      'POST /api/diagnostic-analysis (offline)',
      (text) => post('formatting', '/api/diagnostic-analysis', { rawText: text }),
      SIZES,
    ],
    [
      'POST /api/generate-document (offline writer)',
      (text) =>
        post('documents', '/api/generate-document', {
          consultationText: text,
          documentType: 'resumo_consulta',
          professional: 'consulta_medica',
        }),
      SIZES,
    ],
    [
      'POST /api/prescriptions/controlled (extraction)',
      (text) => post('documents', '/api/prescriptions/controlled', { consultationText: text }),
      SIZES,
    ],
    [
      'POST /api/prescriptions/ambulatory (extraction)',
      (text) => post('documents', '/api/prescriptions/ambulatory', { consultationText: text }),
      SIZES,
    ],
    [
      'POST /api/transcript-vault/consult (scrubber)',
      (text) =>
        post('vault', '/api/transcript-vault/consult', {
          // A record of its own per call: the public archive only creates (issue 24), and the
          // same text twice would otherwise be a change of the first call's record (403).
          consultId: randomUUID(),
          transcript: text,
          formattedText: text,
          professional: 'consulta_medica',
        }),
      SIZES,
    ],
    [
      'POST /api/support/create-ticket (support form)',
      (text) =>
        post('support', '/api/support/create-ticket', {
          contactEmail: 'ana@clinica.test',
          subject: 'Dúvida',
          description: text,
        }),
      SUPPORT_SIZES,
    ],
  ];
  return {
    entryPoints,
    async close() {
      for (const service of started) await service.close();
    },
  };
}
