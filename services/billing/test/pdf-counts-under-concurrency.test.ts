// Issue 16 (the fault suite's "PDFs counted − delivered"): under concurrency, with some renders
// failing, billing must count exactly the PDFs the callers received, once each, and leave no
// reservation running. Real Postgres, Redis (the PDF queue) and NATS (document.generated.v1
// through the documents outbox and billing's durable consumer); the one pdf-worker renders with
// the real handler and crashes on the documents marked to fail, as a broken renderer would.
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, isRetryableAnswer, retryDelayMs } from '@pv/contracts';
import { pdfHandler, RenderPdfJob } from '@pv/documents';
import { handleJob, startWorker } from '@pv/service-kit/jobs';
import { Client, eventually, scaled } from '@pv/service-kit/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../src/usage/period.js';
import { addToMonth } from '../src/usage/usage.repository.js';
import { type BillingUnderTest, startBilling, startDocumentsFor } from './harness.js';

const FAIL_MARKER = 'falha-de-renderizacao';
const PDFS_PER_USER = 12;
const FAILING_PER_USER = 4;

const pdfBody = (fails: boolean, n: number) => ({
  content: `Orientações ${n}: repouso relativo por três dias e hidratação oral.${fails ? ` ${FAIL_MARKER}` : ''}`,
  title: 'Orientações ao Paciente',
  documentType: 'orientacoes_paciente',
  patientName: 'Paciente de Teste',
});

let billing: BillingUnderTest;
let documentsUrl: string;
let stopDocuments: () => Promise<void>;

beforeAll(async () => {
  billing = await startBilling({}, { consumer: true });
  const documents = await startDocumentsFor(billing, {
    database: 'billing_pdfcount',
    // The real renderer, except that a document carrying the marker crashes it (every attempt).
    worker: async (config) => {
      const real = pdfHandler(undefined);
      const worker = startWorker({
        queue: config.PDF_QUEUE,
        redisUrl: config.REDIS_URL,
        jobs: [
          handleJob(RenderPdfJob, async (payload, context) => {
            if (payload.kind === 'document' && payload.content.includes(FAIL_MARKER))
              throw new Error('renderer crashed');
            return real.handle(payload, context) as never;
          }),
        ],
        concurrency: 4,
        log: pino({ level: 'silent' }),
      });
      await worker.waitUntilReady();
      return { close: () => worker.drain(1_000) };
    },
  });
  documentsUrl = documents.url;
  stopDocuments = documents.close;
}, scaled(60_000));

afterAll(async () => {
  await stopDocuments();
  await billing.close();
});

async function monthOf(userId: string) {
  return billing.runtime.db
    .selectFrom('monthly_usage')
    .select(['pdf_count', 'formatting_count'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

async function reservationsOf(userId: string) {
  return billing.runtime.db
    .selectFrom('quota_reservations')
    .select(['id', 'settled_at', 'released_at'])
    .where('user_id', '=', userId)
    .execute();
}

describe('PDFs counted under concurrency, some renders failing', () => {
  it(
    'billing counts exactly the PDFs delivered, once each; failed renders give their reservation back',
    async () => {
      const premium = await billing.as('premium');
      const free = await billing.as('free');
      // A free user with room for every PDF of the burst (the limit is 20 a month).
      await addToMonth(billing.runtime.db, {
        userId: free.userId,
        period: periodOf(new Date()),
        add: { pdf_count: 2 },
      });
      const burst = (cookie: string) =>
        Array.from({ length: PDFS_PER_USER }, async (_, n) => {
          const client = new Client(documentsUrl);
          client.cookie = cookie;
          // As the workspace sends it (docs/RELIABILITY.md): one key per press, the same press sent
          // again after a "not now" (a quota call that billing could not answer in time while the
          // in-process renders hold the event loop is a 503 since quotas fail closed).
          const key = { [IDEMPOTENCY_KEY_HEADER]: randomUUID() };
          for (let attempt = 0; ; attempt++) {
            const answer = await client.post(
              '/api/generate-pdf',
              pdfBody(n < FAILING_PER_USER, n),
              key,
            );
            const wait = isRetryableAnswer(answer.status, answer.body.code)
              ? retryDelayMs(attempt, Number(answer.headers.get('retry-after')))
              : undefined;
            if (wait === undefined) return answer.status;
            await new Promise((resolve) => setTimeout(resolve, wait));
          }
        });
      const statuses = await Promise.all([...burst(premium.cookie), ...burst(free.cookie)]);
      const delivered = statuses.filter((s) => s === 200).length;
      // The crashing renders answer a clear error, never a PDF.
      expect(statuses.filter((s) => s !== 200)).toEqual(
        Array.from({ length: 2 * FAILING_PER_USER }, () => 502),
      );
      expect(delivered).toBe(2 * (PDFS_PER_USER - FAILING_PER_USER));

      for (const [user, base] of [
        [premium, 0],
        [free, 2],
      ] as const) {
        // Every reservation ends: settled by its PDF's event, or given back by the failed render.
        const reservations = await eventually(async () => {
          const rows = await reservationsOf(user.userId);
          return rows.length === PDFS_PER_USER && rows.every((r) => r.settled_at || r.released_at)
            ? rows
            : undefined;
        }, 30_000);
        expect(reservations.filter((r) => r.settled_at).length).toBe(
          PDFS_PER_USER - FAILING_PER_USER,
        );
        expect(reservations.filter((r) => r.released_at && !r.settled_at).length).toBe(
          FAILING_PER_USER,
        );
        // Let any late or duplicated event arrive before reading the count.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect((await monthOf(user.userId))?.pdf_count).toBe(
          base + PDFS_PER_USER - FAILING_PER_USER,
        );
        // What the clinician's dashboard (and the fault suite) reads.
        const metrics = await user.get('/api/user-metrics');
        expect(
          (metrics.body.currentMonth as { pdfGenerationCount: number }).pdfGenerationCount,
        ).toBe(base + PDFS_PER_USER - FAILING_PER_USER);
      }
    },
    scaled(120_000),
  );
});
