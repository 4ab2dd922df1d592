import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPdfWorker } from '@pv/documents';
import { Client, eventually, scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingUnderTest,
  startBilling,
  startDocumentsFor,
  startFormattingFor,
} from './harness.js';

const BILLING_UNAVAILABLE =
  'Não foi possível verificar o limite do seu plano agora. Tente novamente em alguns instantes; nada foi cobrado.';
const FORMAT = {
  text: 'Paciente refere tosse seca há cinco dias, sem febre. Ausculta sem alterações. Orientado hidratação e retorno se piora.',
  language: 'pt-BR',
  professional: 'consulta_medica',
  requestId: crypto.randomUUID(),
};
const PDF_BODY = {
  content: 'Orientações: repouso relativo por três dias e hidratação oral.',
  title: 'Orientações ao Paciente',
  documentType: 'orientacoes_paciente',
  professional: 'consulta_medica',
  patientName: 'Paciente de Teste',
};

/**
 * Billing as the other services reach it, through a switch: 'up' forwards, 'down' drops the
 * connection (billing stopped), '5xx' answers 502 (billing failing).
 */
async function billingSwitch(target: string) {
  let mode: 'up' | 'down' | '5xx' = 'up';
  const server: Server = createServer(async (req, res) => {
    if (mode === 'down') return req.socket.destroy();
    if (mode === '5xx') {
      res.writeHead(502, { 'content-type': 'application/json' });
      return res.end('{"message":"bad gateway"}');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'connection'].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(next: typeof mode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let billing: BillingUnderTest;
let toBilling: Awaited<ReturnType<typeof billingSwitch>>;
let formatting: Awaited<ReturnType<typeof startFormattingFor>>;
let documents: Awaited<ReturnType<typeof startDocumentsFor>>;

beforeAll(async () => {
  billing = await startBilling({}, { consumer: true });
  toBilling = await billingSwitch(billing.url);
  formatting = await startFormattingFor(billing, toBilling.url);
  documents = await startDocumentsFor(billing, {
    database: 'billing_closed_docs',
    env: { BILLING_URL: toBilling.url },
    worker: startPdfWorker,
  });
}, scaled(60_000));
afterAll(async () => {
  await documents.close();
  await formatting.close();
  await toBilling.close();
  await billing.close();
});

describe('paid work fails closed when billing cannot be asked (issue 24)', () => {
  it(
    "a free user's format and PDF get 503 in pt-BR; counted once when billing returns",
    async () => {
      const user = await billing.as('free');
      const viaFormatting = new Client(formatting.url);
      viaFormatting.cookie = user.cookie;
      const viaDocuments = new Client(documents.url);
      viaDocuments.cookie = user.cookie;

      for (const mode of ['down', '5xx'] as const) {
        toBilling.set(mode);
        for (const refused of [
          await viaFormatting.post('/api/format-text', FORMAT),
          await viaDocuments.post('/api/generate-pdf', PDF_BODY),
        ]) {
          expect(refused.status).toBe(503);
          expect(refused.body.code).toBe('BILLING_UNAVAILABLE');
          expect(refused.body.message).toBe(BILLING_UNAVAILABLE);
        }
      }
      toBilling.set('up');
      // The same note again (same requestId) and the PDF again: each counted once.
      expect((await viaFormatting.post('/api/format-text', FORMAT)).status).toBe(200);
      expect((await viaFormatting.post('/api/format-text', FORMAT)).status).toBe(200);
      expect((await viaDocuments.post('/api/generate-pdf', PDF_BODY)).status).toBe(200);
      await eventually(async () => {
        const row = await billing.runtime.db
          .selectFrom('monthly_usage')
          .select(['formatting_count', 'pdf_count'])
          .where('user_id', '=', user.userId)
          .executeTakeFirst();
        return row?.formatting_count === 1 && row.pdf_count === 1;
      });
      const reservations = await billing.runtime.db
        .selectFrom('quota_reservations')
        .select(['kind', 'settled_at'])
        .where('user_id', '=', user.userId)
        .orderBy('kind')
        .execute();
      expect(reservations.map((r) => r.kind)).toEqual(['formatting', 'pdf']);
      const metrics = await user.get('/api/user-metrics');
      expect(metrics.body.currentMonth).toMatchObject({
        formattingCount: 1,
        pdfGenerationCount: 1,
      });
    },
    scaled(60_000),
  );
});
