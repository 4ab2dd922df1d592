import { BillingMessages } from '@pv/contracts';
import { Client, eventually, freePort, scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../src/usage/period.js';
import { addToMonth } from '../src/usage/usage.repository.js';
import { type BillingUnderTest, startBilling, startFormattingFor } from './harness.js';

const DICTATION =
  'Paciente de 45 anos refere dor de cabeça há três dias, sem febre. Exame físico sem alterações. Hipótese de cefaleia tensional. Orientado analgesia e retorno se piora.';
const FORMAT = { text: DICTATION, language: 'pt-BR', professional: 'consulta_medica' };
const FORMATTING_LIMIT_MESSAGE =
  'Você atingiu o limite mensal de 30 formatações do plano gratuito. Assine o Premium para formatar sem limites.';

let billing: BillingUnderTest;

let formatting: Awaited<ReturnType<typeof startFormattingFor>>;

beforeAll(async () => {
  billing = await startBilling({}, { consumer: true });
  formatting = await startFormattingFor(billing, billing.url);
}, scaled(60_000));
afterAll(async () => {
  await formatting.close();
  await billing.close();
});

/** A signed-in user of the formatting service, with `used` formattings already this month. */
async function userWith(role: 'free' | 'premium', used: number) {
  const inBilling = await billing.as(role);
  await addToMonth(billing.runtime.db, {
    userId: inBilling.userId,
    period: periodOf(new Date()),
    add: {
      formatting_count: used,
    },
  });
  const client = new Client(formatting.url) as Client & { userId: string };
  client.cookie = inBilling.cookie;
  client.userId = inBilling.userId;
  return { client, inBilling };
}

describe('the formatting limit, enforced by billing for the formatting service', () => {
  it(
    '50 concurrent format requests by a free user with 3 left: exactly 3 succeed',
    async () => {
      const { client, inBilling } = await userWith('free', 27);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => client.post('/api/format-text', FORMAT)),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(47);
      for (const refused of results.filter((r) => r.status === 429))
        expect(refused.body.message).toBe(FORMATTING_LIMIT_MESSAGE);

      // The three notes' events reach the counters; the dashboard says 30 of 30.
      await eventually(async () => {
        const metrics = await inBilling.get('/api/user-metrics');
        const month = metrics.body.currentMonth as { formattingCount: number };
        return month.formattingCount === 30 && metrics;
      });
      // Each of the three reservations was settled by its consult.formatted.v1 (same id).
      await eventually(async () => {
        const settled = await billing.runtime.db
          .selectFrom('quota_reservations')
          .select('settled_at')
          .where('user_id', '=', client.userId)
          .execute();
        return settled.length === 3 && settled.every((r) => r.settled_at !== null);
      });
      await eventually(async () => {
        const r = await billing.runtime.db
          .selectFrom('monthly_usage')
          .select('formatting_count')
          .where('user_id', '=', client.userId)
          .executeTakeFirstOrThrow();
        return r.formatting_count === 30;
      });
    },
    scaled(60_000),
  );

  it('a diagnostic analysis is an AI request: refused at the limit, given back when offline', async () => {
    const { client, inBilling } = await userWith('free', 0);
    const analyse = () => client.post('/api/diagnostic-analysis', { rawText: DICTATION });
    // Offline (no LLM here): it costs nothing, so the reservation is given back.
    expect((await analyse()).status).toBe(200);
    const rows = await billing.runtime.db
      .selectFrom('quota_reservations')
      .select(['kind', 'released_at'])
      .where('user_id', '=', client.userId)
      .execute();
    expect(rows).toEqual([{ kind: 'ai-request', released_at: expect.any(Date) }]);
    await addToMonth(billing.runtime.db, {
      userId: inBilling.userId,
      period: periodOf(new Date()),
      add: { ai_request_count: 100 },
    });
    const refused = await analyse();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Você atingiu o limite mensal de 100 solicitações de IA do plano gratuito. Assine o Premium para usar a IA sem limites.',
    );
  });

  it(
    'a Premium user is not limited',
    async () => {
      const { client } = await userWith('premium', 500);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => client.post('/api/format-text', FORMAT)),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    },
    scaled(30_000),
  );

  it(
    'a formatting that fails gives its reservation back',
    async () => {
      const { client } = await userWith('free', 29);
      const noWorker = await startFormattingFor(billing, billing.url, false);
      try {
        const broken = new Client(noWorker.url);
        broken.cookie = client.cookie;
        const failed = await broken.post('/api/format-text', FORMAT);
        expect(failed.status).toBe(503);
      } finally {
        await noWorker.close();
      }
      const ok = await client.post('/api/format-text', FORMAT);
      expect(ok.status).toBe(200);
      const refused = await client.post('/api/format-text', FORMAT);
      expect(refused.status).toBe(429);
    },
    scaled(30_000),
  );

  it('anonymous visitors are not counted by billing', async () => {
    const anonymous = new Client(formatting.url);
    const res = await anonymous.post('/api/format-text', FORMAT);
    expect(res.status).toBe(200);
  });

  it(
    'when billing is unreachable a free user gets 503 in pt-BR; a visitor is still served',
    async () => {
      const dead = await freePort();
      const closed = await startFormattingFor(billing, `http://127.0.0.1:${dead}`);
      try {
        const { client } = await userWith('free', 0);
        const viaClosed = new Client(closed.url);
        viaClosed.cookie = client.cookie;
        const refused = await viaClosed.post('/api/format-text', FORMAT);
        expect(refused.status).toBe(503);
        expect(refused.body.code).toBe('BILLING_UNAVAILABLE');
        expect(refused.body.message).toBe(
          'Não foi possível verificar o limite do seu plano agora. Tente novamente em alguns instantes; nada foi cobrado.',
        );
        // Visitors have their own per-address budget, which needs no billing.
        expect((await new Client(closed.url).post('/api/format-text', FORMAT)).status).toBe(200);
      } finally {
        await closed.close();
      }
    },
    scaled(30_000),
  );
});

describe('/internal/quota (billing side)', () => {
  it('refuses PDFs at 20 for a free user with the message naming the limit', async () => {
    const user = await billing.as('free');
    await addToMonth(billing.runtime.db, {
      userId: user.userId,
      period: periodOf(new Date()),
      add: { pdf_count: 20 },
    });
    const res = await user.post('/internal/quota/consume', {
      kind: 'pdf',
      reservationId: crypto.randomUUID(),
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(BillingMessages.pdfLimit(20));
    expect(res.body.message).toBe(
      'Você atingiu o limite mensal de 20 PDFs do plano gratuito. Assine o Premium para gerar PDFs sem limites.',
    );
  });

  it('a retried consume with the same reservation id counts once; release is idempotent', async () => {
    const user = await billing.as('free');
    const reservationId = crypto.randomUUID();
    const first = await user.post('/internal/quota/consume', { kind: 'pdf', reservationId });
    const again = await user.post('/internal/quota/consume', { kind: 'pdf', reservationId });
    expect(first.body).toMatchObject({ allowed: true, used: 1, limit: 20 });
    expect(again.body).toMatchObject({ allowed: true, used: 1 });
    expect((await user.post('/internal/quota/release', { reservationId })).body).toEqual({
      released: true,
    });
    expect((await user.post('/internal/quota/release', { reservationId })).body).toEqual({
      released: false,
    });
    const other = await billing.as('free');
    expect((await other.post('/internal/quota/release', { reservationId })).body).toEqual({
      released: false,
    });
  });

  it("refuses another user's reservation id (reservations are looked up by owner)", async () => {
    const owner = await billing.as('free');
    const reservationId = crypto.randomUUID();
    expect(
      (await owner.post('/internal/quota/consume', { kind: 'formatting', reservationId })).status,
    ).toBe(200);
    for (const role of ['free', 'premium'] as const) {
      const other = await billing.as(role);
      const res = await other.post('/internal/quota/consume', {
        kind: 'formatting',
        reservationId,
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('RESERVATION_NOT_YOURS');
      expect(res.body.message).toBe('Esta reserva de uso não pertence à sua conta.');
    }
    // The owner's retry is still the same reservation, counted once.
    const again = await owner.post('/internal/quota/consume', {
      kind: 'formatting',
      reservationId,
    });
    expect(again.body).toMatchObject({ allowed: true, used: 1 });
  });

  it('refuses AI requests at 100, counting the month and the pending reservations (issue 15)', async () => {
    const user = await billing.as('free');
    await addToMonth(billing.runtime.db, {
      userId: user.userId,
      period: periodOf(new Date()),
      add: { ai_request_count: 98 },
    });
    const consume = () =>
      user.post('/internal/quota/consume', {
        kind: 'ai-request',
        reservationId: crypto.randomUUID(),
      });
    // Concurrent document and diagnostic calls: exactly the two units left go through.
    const results = await Promise.all(Array.from({ length: 6 }, consume));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body.code).toBe('AI_REQUEST_LIMIT_REACHED');
    expect(refused.body.message).toBe(
      'Você atingiu o limite mensal de 100 solicitações de IA do plano gratuito. Assine o Premium para usar a IA sem limites.',
    );
    expect(
      (
        await (
          await billing.as('premium')
        ).post('/internal/quota/consume', {
          kind: 'ai-request',
          reservationId: crypto.randomUUID(),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a formatting once the month has its 50 transcriptions', async () => {
    const user = await billing.as('free');
    await addToMonth(billing.runtime.db, {
      userId: user.userId,
      period: periodOf(new Date()),
      add: { transcription_count: 50, formatting_count: 10 },
    });
    const res = await user.post('/internal/quota/consume', {
      kind: 'formatting',
      reservationId: crypto.randomUUID(),
    });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('TRANSCRIPTION_LIMIT_REACHED');
    expect(res.body.message).toBe(
      'Você atingiu o limite mensal de 50 transcrições do plano gratuito. Assine o Premium para transcrever sem limites.',
    );
  });

  it('needs a signed-in caller', async () => {
    const res = await fetch(`${billing.url}/internal/quota/consume`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'pdf', reservationId: crypto.randomUUID() }),
    });
    expect(res.status).toBe(401);
  });
});
