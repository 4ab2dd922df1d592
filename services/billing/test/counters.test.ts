import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { BillingMessages } from '@pv/contracts';
import { eventually, scaled } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../src/usage/period.js';
import { type BillingUnderTest, Client, startBilling } from './harness.js';

let billing: BillingUnderTest;
beforeAll(async () => {
  billing = await startBilling({}, { consumer: true });
});
afterAll(() => billing.close());

const monthOf = async (userId: string) =>
  billing.runtime.db
    .selectFrom('monthly_usage')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();

const consult = (userId: string | null) => ({
  consultId: randomUUID(),
  userId,
  professional: 'consulta_medica',
  engine: 'offline',
  transcriptChars: 120,
  formattedChars: 300,
  audioLengthSec: null,
  promptTokens: 0,
  completionTokens: 0,
  durationMs: 15,
});
const ai = (userId: string, costUsd: string) => ({
  userId,
  purpose: 'format-text',
  model: 'gpt-test',
  promptTokens: 10,
  completionTokens: 20,
  costUsd,
});

describe('usage periods', () => {
  it('follow the calendar month of America/Sao_Paulo, not UTC', () => {
    expect(periodOf(new Date('2026-11-01T02:59:59Z'))).toEqual({ year: 2026, month: 10 });
    expect(periodOf(new Date('2026-11-01T03:00:00Z'))).toEqual({ year: 2026, month: 11 });
    expect(periodOf(new Date('2027-01-01T01:00:00Z'))).toEqual({ year: 2026, month: 12 });
  });
});

describe('counters from events', () => {
  it(
    'are exact after a consumer restart: no loss, no double count',
    async () => {
      const user = await billing.as('free');
      const userId = user.userId;
      for (let i = 0; i < 5; i++)
        await billing.emit('auth.user.logged-in.v1', {
          userId,
          ipAddress: '10.0.0.1',
          userAgent: 'x',
        });
      for (let i = 0; i < 3; i++) await billing.emit('consult.formatted.v1', consult(userId));
      // Two speech sessions (one reported twice: a retry counts once); formatting counts none.
      const session = randomUUID();
      for (const id of [session, randomUUID(), session]) {
        const res = await user.post('/api/user-metrics/transcription-sessions', { sessionId: id });
        expect(res.status).toBe(200);
      }
      await billing.emit('ai.request.completed.v1', ai(userId, '0.0125'));
      await billing.emit('ai.request.completed.v1', ai(userId, '0.0100'));
      // A FHIR export counts as a PDF (issue 28); a text document does not.
      for (const format of ['pdf', 'pdf', 'fhir', 'text'] as const)
        await billing.emit('document.generated.v1', {
          userId,
          documentType: 'atestado_medico',
          format,
        });
      await billing.emit('consult.formatted.v1', consult(null));

      await eventually(async () => (await monthOf(userId))[0]?.pdf_count === 3);

      await billing.stopConsumer();
      const loginWhileDown = await billing.emit('auth.user.logged-in.v1', {
        userId,
        ipAddress: '10.0.0.1',
        userAgent: 'x',
      });
      await billing.emit('document.generated.v1', {
        userId,
        documentType: 'receituario',
        format: 'pdf',
      });
      // The same event delivered again (a publisher that retried after its msgID window):
      const nc = await billing.runtime.nats.connected();
      await jetstream(nc).publish('auth.user.logged-in.v1', JSON.stringify(loginWhileDown), {
        msgID: randomUUID(),
      });
      expect((await monthOf(userId))[0]?.login_count).toBe(5);

      await billing.startConsumer();
      await eventually(async () => (await monthOf(userId))[0]?.login_count === 6);
      await new Promise((r) => setTimeout(r, 500));
      const [row] = await monthOf(userId);
      expect(row).toMatchObject({
        login_count: 6,
        transcription_count: 2,
        formatting_count: 3,
        ai_request_count: 2,
        pdf_count: 4,
      });
      expect(Number(row!.ai_cost_usd)).toBeCloseTo(0.0225, 6);

      const metrics = await user.get('/api/user-metrics');
      expect(metrics.body).toMatchObject({
        currentMonth: {
          transcriptionCount: 2,
          formattingCount: 3,
          pdfGenerationCount: 4,
          aiRequestCount: 2,
          sessionDuration: 0,
        },
        limits: {
          transcriptionLimit: 50,
          formattingLimit: 30,
          pdfLimit: 20,
          aiRequestLimit: 100,
          storageLimit: 1000,
        },
        totalUsage: {
          totalTranscriptions: 2,
          totalFormatting: 3,
          totalPDFs: 4,
          totalAIRequests: 2,
        },
      });

      const admin = await billing.as('admin');
      const months = await admin.get(`/api/admin/usage-metrics/${userId}`);
      expect(months.body).toEqual([
        expect.objectContaining({
          userId,
          loginCount: 6,
          transcriptionCount: 2,
          pdfGenerationCount: 4,
          aiRequestCount: 2,
          aiCostUSD: '0.0225',
          storageUsedMB: 0,
        }),
      ]);
    },
    scaled(30_000),
  );

  it('a transcription session is counted once, for a signed-in user, with a valid id', async () => {
    const user = await billing.as('free');
    const sessionId = randomUUID();
    const first = await user.post('/api/user-metrics/transcription-sessions', { sessionId });
    expect(first.body).toEqual({ counted: true });
    const again = await user.post('/api/user-metrics/transcription-sessions', { sessionId });
    expect(again.body).toEqual({ counted: false });
    expect((await monthOf(user.userId))[0]?.transcription_count).toBe(1);
    const bad = await user.post('/api/user-metrics/transcription-sessions', { sessionId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Informe em sessionId um identificador (UUID) da sessão de transcrição.',
    );
    const anonymous = await new Client(billing.url).post(
      '/api/user-metrics/transcription-sessions',
      { sessionId: randomUUID() },
    );
    expect(anonymous.status).toBe(401);
  });

  it('memberSince comes from auth.user.changed.v1; Premium users get unlimited limits', async () => {
    const user = await billing.as('premium');
    const createdAt = '2025-03-04T12:00:00.000Z';
    await billing.emit('auth.user.changed.v1', {
      change: 'registered',
      user: {
        id: user.userId,
        firstName: 'Ana',
        lastName: 'Souza',
        fullName: 'Ana Souza',
        email: 'ana@clinica.test',
        isAdmin: false,
        isPremium: true,
        userStatus: 'active',
        specialty: null,
        createdAt,
        lastLoginAt: null,
      },
    });
    const metrics = await eventually(async () => {
      const res = await user.get('/api/user-metrics');
      return (res.body.totalUsage as { memberSince: string | null }).memberSince ? res : null;
    });
    expect(metrics.body.totalUsage).toMatchObject({ memberSince: createdAt });
    expect(metrics.body.limits).toEqual({
      transcriptionLimit: -1,
      formattingLimit: -1,
      pdfLimit: -1,
      aiRequestLimit: -1,
      extractionLimit: -1,
      storageLimit: 10000,
    });
  });
});

describe('GET /api/admin/usage-metrics?year=&month=', () => {
  it("lists every user's usage of that São Paulo month", async () => {
    const user = await billing.as('free');
    await billing.emit('auth.user.changed.v1', {
      change: 'registered',
      user: {
        id: user.userId,
        firstName: 'Marta',
        lastName: 'Mês',
        fullName: 'Marta Mês',
        email: 'mes@exemplo.test',
        isAdmin: false,
        isPremium: false,
        userStatus: 'active',
        specialty: null,
        createdAt: '2025-01-01T00:00:00.000Z',
        lastLoginAt: null,
      },
    });
    // 01:30 UTC on 1 December is still 30 November in São Paulo.
    await billing.emit(
      'auth.user.logged-in.v1',
      { userId: user.userId, ipAddress: '10.0.0.2', userAgent: 'x' },
      new Date('2025-12-01T01:30:00Z'),
    );
    const admin = await billing.as('admin');
    const rows = await eventually(async () => {
      const res = await admin.get('/api/admin/usage-metrics?year=2025&month=11');
      const list = res.body as unknown as { userId: string }[];
      return list.find((r) => r.userId === user.userId) && list;
    });
    await eventually(async () =>
      (
        (await admin.get('/api/admin/usage-metrics?year=2025&month=11')).body as unknown as {
          userId: string;
          email?: string;
        }[]
      ).find((r) => r.userId === user.userId && r.email),
    );
    const named = (await admin.get('/api/admin/usage-metrics?year=2025&month=11'))
      .body as unknown as { userId: string }[];
    expect(named.find((r) => r.userId === user.userId)).toMatchObject({
      year: 2025,
      month: 11,
      loginCount: 1,
      // The month view names its users (the console lists many at once).
      email: 'mes@exemplo.test',
      fullName: 'Marta Mês',
    });
    expect(rows.length).toBeGreaterThan(0);
  });

  it('needs year and month, with a pt-BR message', async () => {
    const admin = await billing.as('admin');
    const res = await admin.get('/api/admin/usage-metrics?year=2025&month=13');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BillingMessages.monthRequired);
    const missing = await admin.get('/api/admin/usage-metrics');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(BillingMessages.monthRequired);
  });

  it('is for admins only', async () => {
    const user = await billing.as('free');
    const res = await user.get('/api/admin/usage-metrics?year=2025&month=11');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Acesso negado. Esta área é restrita a administradores.');
    const subs = await user.get(`/api/admin/premium-subscriptions/${user.userId}`);
    expect(subs.status).toBe(403);
  });

  it('an admin sees an empty list for a user without usage or subscriptions', async () => {
    const admin = await billing.as('admin');
    const id = randomUUID();
    expect((await admin.get(`/api/admin/usage-metrics/${id}`)).body).toEqual([]);
    expect((await admin.get(`/api/admin/premium-subscriptions/${id}`)).body).toEqual([]);
  });
});
