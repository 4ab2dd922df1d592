import { BillingMessages } from '@pv/contracts';
import { startPdfWorker } from '@pv/documents';
import { Client, eventually, scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../src/usage/period.js';
import { addToMonth } from '../src/usage/usage.repository.js';
import { type BillingUnderTest, startBilling, startDocumentsFor } from './harness.js';

const PDF_BODY = {
  content: 'Orientações: repouso relativo por três dias e hidratação oral.',
  title: 'Orientações ao Paciente',
  documentType: 'orientacoes_paciente',
  professional: 'consulta_medica',
  patientName: 'Paciente de Teste',
};

let billing: BillingUnderTest;
let documentsUrl: string;
let stopDocuments: () => Promise<void>;

beforeAll(async () => {
  billing = await startBilling({}, { consumer: true });
  const documents = await startDocumentsFor(billing, {
    database: 'billing_docs',
    worker: startPdfWorker,
  });
  documentsUrl = documents.url;
  stopDocuments = documents.close;
}, scaled(60_000));

afterAll(async () => {
  await stopDocuments();
  await billing.close();
});

describe('the PDF limit, enforced by billing for the documents service', () => {
  it(
    'a free user with one PDF left gets it, then a 429 naming the limit; counted once',
    async () => {
      const inBilling = await billing.as('free');
      await addToMonth(billing.runtime.db, {
        userId: inBilling.userId,
        period: periodOf(new Date()),
        add: {
          pdf_count: 19,
        },
      });
      const client = new Client(documentsUrl);
      client.cookie = inBilling.cookie;

      const first = await client.post('/api/generate-pdf', PDF_BODY);
      expect(first.status).toBe(200);
      const refused = await client.post('/api/generate-pdf', PDF_BODY);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(BillingMessages.pdfLimit(20));
      expect(refused.body.message).toBe(
        'Você atingiu o limite mensal de 20 PDFs do plano gratuito. Assine o Premium para gerar PDFs sem limites.',
      );

      // document.generated.v1 carries the reservation id, so counting it settles the reservation
      // and the month says 20, not 21.
      await eventually(async () => {
        const row = await billing.runtime.db
          .selectFrom('monthly_usage')
          .select('pdf_count')
          .where('user_id', '=', inBilling.userId)
          .executeTakeFirstOrThrow();
        return row.pdf_count === 20;
      });
      await eventually(async () => {
        const reservations = await billing.runtime.db
          .selectFrom('quota_reservations')
          .select('settled_at')
          .where('user_id', '=', inBilling.userId)
          .execute();
        return reservations.length === 1 && reservations[0]!.settled_at !== null;
      });
      const metrics = await inBilling.get('/api/user-metrics');
      expect((metrics.body.currentMonth as { pdfGenerationCount: number }).pdfGenerationCount).toBe(
        20,
      );
    },
    scaled(60_000),
  );

  it(
    'a Premium user is not limited',
    async () => {
      const inBilling = await billing.as('premium');
      await addToMonth(billing.runtime.db, {
        userId: inBilling.userId,
        period: periodOf(new Date()),
        add: {
          pdf_count: 500,
        },
      });
      const client = new Client(documentsUrl);
      client.cookie = inBilling.cookie;
      expect((await client.post('/api/generate-pdf', PDF_BODY)).status).toBe(200);
    },
    scaled(30_000),
  );
});
