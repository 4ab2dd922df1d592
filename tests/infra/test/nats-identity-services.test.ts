// Real services on a NATS that knows each of them by name (docs/nats-identity.md): the
// configuration `npm start` gives its authorized NATS (the catalog's users, their passwords
// written in), a private nats-server of this test's own. Formatting, documents and the vault each
// connect with their own NATS_USER/NATS_PASSWORD, and the events flow end to end through their
// outboxes and durable consumers: a formatted dictation reaches the vault over the restricted
// stream, an AI template reaches documents, and the server refuses nothing along the way.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { buildDocumentsApp, startAiTemplateConsumer } from '@pv/documents';
import { loadDocumentsConfig } from '@pv/documents/config';
import { openDocuments } from '@pv/documents/runtime';
import { buildFormattingApp } from '@pv/formatting';
import { loadFormattingConfig } from '@pv/formatting/config';
import { openFormatting } from '@pv/formatting/runtime';
import { startFormattingWorker } from '@pv/formatting/worker';
import { JobQueue } from '@pv/service-kit/jobs';
import {
  Client,
  eventually,
  natsServerBinary,
  startPrivateNats,
  startServiceUnderTest,
  testSessionKeys,
} from '@pv/service-kit/testing';
import { natsAuthorizationWithPasswords, natsProcesses, natsUser } from '@pv/stack/catalog';
import { buildVaultApp, startConsultConsumer } from '@pv/vault';
import { loadVaultConfig } from '@pv/vault/config';
import { openVault } from '@pv/vault/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const passwords = Object.fromEntries(
  natsProcesses().map((proc) => [natsUser(proc), randomBytes(24).toString('hex')]),
);
const keys = testSessionKeys();
const shared = { nats: true, keys } as const;
const prefix = `pv:test:nats-identity:${randomBytes(4).toString('hex')}:`;
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let formatting: Awaited<ReturnType<typeof startFormatting>>;
let documents: Awaited<ReturnType<typeof startDocuments>>;
let vault: Awaited<ReturnType<typeof startVault>>;

/** A process's NATS settings: the test's NATS and its own identity, as `npm start` gives them. */
const identity = (user: string) => ({
  NATS_URL: nats.url,
  NATS_USER: user,
  NATS_PASSWORD: passwords[user]!,
});

function startFormatting() {
  return startServiceUnderTest({
    name: 'nats_id_formatting',
    databaseVariable: 'FORMATTING_DATABASE',
    loadConfig: (base) =>
      loadFormattingConfig({
        FORMATTING_QUEUE: `test-${base.FORMATTING_DATABASE!.replace(/_/g, '-')}`,
        ...base,
      }),
    open: openFormatting,
    build: async (config, runtime) => {
      const queue = await JobQueue.open(config.FORMATTING_QUEUE, config.REDIS_URL);
      // Its worker (no NATS of its own: the catalog gives formatting-worker no NATS user).
      const worker = await startFormattingWorker(config);
      const app = await buildFormattingApp({
        config,
        runtime,
        queue,
        logger: false,
        redisKeyPrefix: `${prefix}formatting:`,
      });
      app.addHook('onClose', async () => {
        await worker.close();
        await queue.discard();
      });
      return app;
    },
    env: identity('formatting'),
    shared,
  });
}

function startDocuments() {
  return startServiceUnderTest({
    name: 'nats_id_documents',
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
        redisKeyPrefix: `${prefix}documents:`,
      });
      app.addHook('onClose', () => queue.discard());
      return app;
    },
    // Its durable under its default name: the one its permissions name.
    consumer: (nc, runtime, config) =>
      startAiTemplateConsumer(nc, {
        db: runtime.db,
        durable: config.DOCUMENTS_TEMPLATES_CONSUMER,
        log: runtime.log,
      }),
    startConsumer: true,
    env: identity('documents'),
    shared,
  });
}

function startVault() {
  return startServiceUnderTest({
    name: 'nats_id_vault',
    databaseVariable: 'VAULT_DATABASE',
    loadConfig: loadVaultConfig,
    open: openVault,
    build: (config, runtime) =>
      buildVaultApp({ config, runtime, logger: false, redisKeyPrefix: `${prefix}vault:` }),
    consumer: (nc, runtime, config) =>
      startConsultConsumer(nc, {
        db: runtime.db,
        hmacSecret: config.VAULT_HMAC_SECRET,
        durable: config.VAULT_CONSUMER,
        log: runtime.log,
      }),
    startConsumer: true,
    env: {
      ...identity('vault'),
      VAULT_HMAC_SECRET: randomBytes(32).toString('hex'),
      VAULT_ADMIN_KEY: randomBytes(32).toString('hex'),
    },
    shared,
  });
}

const run = natsServerBinary() ? describe : describe.skip;

beforeAll(async () => {
  if (!natsServerBinary()) return;
  nats = await startPrivateNats({ config: natsAuthorizationWithPasswords(passwords), log: true });
  formatting = await startFormatting();
  [documents, vault] = await Promise.all([startDocuments(), startVault()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([documents?.close(), vault?.close()]);
  await formatting?.close();
  await nats?.stop();
});

run('formatting, documents and the vault on NATS with their own identities', () => {
  it('a formatted dictation reaches the vault; an AI template reaches documents', async () => {
    // A visitor: a signed-in user's format would ask billing's quota first (not running here).
    const visitor = new Client(formatting.url);
    visitor.headers['x-forwarded-for'] = `2001:db8:${randomBytes(2).toString('hex')}::1`;
    const formatted = await visitor.post('/api/format-text', {
      text: 'Paciente Rita Moura, 40 anos. Queixa: tosse há cinco dias. Conduta: hidratação e retorno.',
      language: 'pt-BR',
      professional: 'consulta_medica',
    });
    expect(formatted.status, JSON.stringify(formatted.body)).toBe(200);
    const consultId = String(formatted.body.consultId);

    const admin = await formatting.as('admin');
    const created = await admin.post('/api/ai-templates', {
      templateKey: 'resumo_consulta',
      templateType: 'document_template',
      name: 'Resumo da clínica (NATS)',
      prompt: '# Orientação da clínica\nRetorno marcado pela recepção.',
    });
    expect(created.status).toBe(201);

    // phi.consult.formatted.v1: formatting's relay -> PV_PHI -> the vault's durable consumer.
    await eventually(async () => {
      const rows = await vault.db
        .selectFrom('vault_records')
        .select('consult_id')
        .where('consult_id', '=', consultId)
        .execute();
      return rows.length === 1;
    }, 30_000);
    // ai.template.changed.v1: formatting's relay -> PV_EVENTS -> documents' durable consumer.
    await eventually(async () => {
      const rows = await documents.db
        .selectFrom('document_templates')
        .select('template_id')
        .where('template_id', '=', String(created.body.id))
        .execute();
      return rows.length === 1;
    }, 30_000);

    // Every log-in and every call the three services made (streams, consumers, pulls, acks,
    // replies to their own inboxes) was allowed: the server refused nothing.
    const refused = readFileSync(nats.logFile, 'utf8')
      .split('\n')
      .filter((line) => /violation/i.test(line));
    expect(refused).toEqual([]);
  }, 120_000);
});
