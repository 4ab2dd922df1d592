import { BillingMessages, DocumentMessages } from '@pv/contracts';
import { scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingUnderTest, startBilling, startDocumentsFor } from './harness.js';

/** A one-page PDF written by hand (pdfjs rebuilds the cross-reference table it lacks). */
const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R
  /Resources << /Font << /F1 5 0 R >> >> >> endobj
4 0 obj << /Length 44 >> stream
BT /F1 12 Tf 20 100 Td (Relatorio antigo) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
trailer << /Root 1 0 R >>
%%EOF`;

let billing: BillingUnderTest;
let documents: Awaited<ReturnType<typeof startDocumentsFor>>;

beforeAll(async () => {
  billing = await startBilling({ FREE_EXTRACTIONS_PER_MONTH: '2' });
  documents = await startDocumentsFor(billing, {
    database: 'billing_extract_docs',
    env: { EXTRACT_MAX_PER_HOUR: '3' },
  });
}, scaled(60_000));
afterAll(async () => {
  await documents.close();
  await billing.close();
});

async function extractAs(cookie: string) {
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'relatorio.pdf');
  const response = await fetch(`${documents.url}/api/extract-pdf-text`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('PDF text extraction is metered for signed-in users (issue 24)', () => {
  it(
    'a free user has a monthly limit of its own, shown in Minha Área',
    async () => {
      const user = await billing.as('free');
      for (let i = 0; i < 2; i++) {
        const ok = await extractAs(user.cookie);
        expect(ok.status).toBe(200);
        expect(String(ok.body.text)).toContain('Relatorio antigo');
      }
      const refused = await extractAs(user.cookie);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('EXTRACTION_LIMIT_REACHED');
      expect(refused.body.message).toBe(BillingMessages.extractionLimit(2));
      expect(refused.body.message).toBe(
        'Você atingiu o limite mensal de 2 extrações de texto de PDF do plano gratuito. Assine o Premium para extrair sem limites.',
      );
      const metrics = await user.get('/api/user-metrics');
      expect(metrics.body.currentMonth).toMatchObject({ extractionCount: 2 });
      expect(metrics.body.limits).toMatchObject({ extractionLimit: 2 });
    },
    scaled(30_000),
  );

  it(
    'everybody, Premium included, has an hourly limit',
    async () => {
      const user = await billing.as('premium');
      for (let i = 0; i < 3; i++) expect((await extractAs(user.cookie)).status).toBe(200);
      const refused = await extractAs(user.cookie);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('EXTRACTION_RATE_LIMITED');
      expect(refused.body.message).toBe(DocumentMessages.extractionHourlyLimit);
      expect(refused.body.message).toBe(
        'Você atingiu o limite de leituras de PDF por hora. Aguarde alguns minutos e tente novamente.',
      );
      const metrics = await user.get('/api/user-metrics');
      expect(metrics.body.currentMonth).toMatchObject({ extractionCount: 3 });
      expect(metrics.body.limits).toMatchObject({ extractionLimit: -1 });
    },
    scaled(30_000),
  );
});
