import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import { Client, eventually, scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../src/usage/period.js';
import { addToMonth } from '../src/usage/usage.repository.js';
import { type BillingUnderTest, startBilling, startDocumentsFor } from './harness.js';

const NOTE =
  'QUEIXA PRINCIPAL\nCefaleia há três dias.\n\nCONDUTA\n- Dipirona 500 mg, 1 comprimido de 6/6h se dor por 3 dias';
const AI_LIMIT_MESSAGE =
  'Você atingiu o limite mensal de 100 solicitações de IA do plano gratuito. Assine o Premium para usar a IA sem limites.';

let billing: BillingUnderTest;
let fake: FakeOpenAI;
let documentsUrl: string;
let stopDocuments: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  fake.setResponder(() => ({
    content: JSON.stringify({
      title: 'Atestado Médico',
      sections: [{ heading: 'Conteúdo', content: 'Atesto para os devidos fins.' }],
    }),
  }));
  billing = await startBilling({}, { consumer: true });
  const documents = await startDocumentsFor(billing, {
    database: 'billing_ai',
    env: {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'modelo-documentos',
      LLM_MAX_RETRIES: '0',
    },
  });
  documentsUrl = documents.url;
  stopDocuments = documents.close;
}, scaled(60_000));

afterAll(async () => {
  await stopDocuments();
  await billing.close();
  await fake.close();
});

const aiRequestsOf = async (userId: string) =>
  (
    await billing.runtime.db
      .selectFrom('monthly_usage')
      .select('ai_request_count')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.ai_request_count ?? 0;

describe('document LLM calls are AI requests of the plan (issue 15)', () => {
  it('a free user with one AI request left gets one document, then a 429; counted once', async () => {
    const inBilling = await billing.as('free');
    await addToMonth(billing.runtime.db, {
      userId: inBilling.userId,
      period: periodOf(new Date()),
      add: { ai_request_count: 99 },
    });
    const client = new Client(documentsUrl);
    client.cookie = inBilling.cookie;
    const body = {
      consultationText: NOTE,
      documentType: 'atestado_medico',
      professional: 'consulta_medica',
    };
    const calls = fake.requests.length;
    expect((await client.post('/api/generate-document', body)).status).toBe(200);
    const refused = await client.post('/api/prescriptions/ambulatory', { consultationText: NOTE });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('AI_REQUEST_LIMIT_REACHED');
    expect(refused.body.message).toBe(AI_LIMIT_MESSAGE);
    // The refused call never reached the model.
    expect(fake.requests.length).toBe(calls + 1);
    // ai.request.completed.v1 carries the reservation: the month says 100, not 101.
    await eventually(async () => (await aiRequestsOf(inBilling.userId)) === 100);
    const pending = await billing.runtime.db
      .selectFrom('quota_reservations')
      .select('settled_at')
      .where('user_id', '=', inBilling.userId)
      .where('kind', '=', 'ai-request')
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]?.settled_at).not.toBeNull();
  });

  it('a failed model call gives its reservation back', async () => {
    const inBilling = await billing.as('free');
    const client = new Client(documentsUrl);
    client.cookie = inBilling.cookie;
    fake.setResponder(() => ({ status: 500, content: 'falhou' }));
    try {
      const res = await client.post('/api/generate-document', {
        consultationText: NOTE,
        documentType: 'atestado_medico',
        professional: 'consulta_medica',
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      fake.setResponder(() => ({
        content: JSON.stringify({ title: 'Atestado Médico', sections: [] }),
      }));
    }
    const rows = await billing.runtime.db
      .selectFrom('quota_reservations')
      .select('released_at')
      .where('user_id', '=', inBilling.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.released_at).not.toBeNull();
  });
});
