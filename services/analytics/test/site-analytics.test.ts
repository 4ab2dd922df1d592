import { AnalyticsMessages, type SiteAnalytics, type VisitorTracking } from '@pv/contracts';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAnalyticsEvent } from '../src/projections/projection.service.js';
import { addDays, dayOf, daysBetween } from '../src/time/sao-paulo-day.js';
import { type AnalyticsUnderTest, type Client, startAnalytics } from './harness.js';

let analytics: AnalyticsUnderTest;
let admin: Awaited<ReturnType<AnalyticsUnderTest['as']>>;
const today = dayOf(new Date());
/** Noon in São Paulo (UTC-3) of a day `delta` days from today. */
const noonOf = (delta: number) => new Date(`${addDays(today, delta)}T15:00:00Z`);
const ip = (n: number) => `203.0.113.${n}`;

const ai = (promptTokens: number, completionTokens: number, costUsd = '0.001000') => ({
  userId: null,
  purpose: 'format-text',
  model: 'gpt-test',
  promptTokens,
  completionTokens,
  costUsd,
});

async function view(client: Client, address: string, path = '/') {
  return client.post(
    '/api/analytics/page-view',
    { path, app: 'workspace' },
    { 'x-forwarded-for': address, 'user-agent': 'Mozilla/5.0 (teste)' },
  );
}

const siteAnalytics = async (query = '') => {
  const res = await admin.get(`/api/admin/site-analytics${query}`);
  expect(res.status).toBe(200);
  return res.body as unknown as SiteAnalytics;
};

beforeAll(async () => {
  analytics = await startAnalytics({}, { consumer: true });
  admin = await analytics.as('admin');
  const clinician = await analytics.as('free');
  const visitor = analytics.anonymous();

  // Today, through HTTP: address 1 three times (once signed in), address 2 once.
  expect((await view(visitor, ip(1))).status).toBe(202);
  expect(await view(visitor, ip(1), '/auth')).toMatchObject({ status: 202 });
  expect(await view(clinician, ip(1), '/user')).toMatchObject({ status: 202 });
  expect(await view(visitor, ip(2))).toMatchObject({ status: 202 });
  // Earlier days, through the same rules at chosen instants.
  const at = (delta: number, address: string) =>
    analytics.pageViews.record(
      { path: '/', app: 'workspace' },
      { ipAddress: address, userAgent: 'Mozilla/5.0 (antigo)', principal: null },
      noonOf(delta),
    );
  await at(-1, ip(1));
  await at(-1, ip(1));
  await at(-1, ip(3));
  await at(-6, ip(4));
  for (let i = 0; i < 5; i++) await at(-20, ip(1));
  await at(-45, ip(5));
  await at(-45, ip(5));
  await at(-100, ip(6));

  await analytics.emit('ai.request.completed.v1', ai(10, 20));
  await analytics.emit('ai.request.completed.v1', ai(5, 5));
  await analytics.emit('ai.request.completed.v1', ai(100, 50), noonOf(-1));
  await analytics.emit('ai.request.completed.v1', ai(1_000, 0), noonOf(-45));
  const last = await analytics.emit('ai.request.completed.v1', ai(7, 7), noonOf(-100));
  await eventually(async () =>
    analytics.runtime.db
      .selectFrom('processed_events')
      .select('event_id')
      .where('event_id', '=', last.id)
      .executeTakeFirst(),
  );
});
afterAll(() => analytics.close());

describe('São Paulo days', () => {
  it('a day starts at midnight in São Paulo, not UTC', () => {
    expect(dayOf(new Date('2026-11-23T02:59:59Z'))).toBe('2026-11-22');
    expect(dayOf(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });
});

describe('GET /api/admin/site-analytics', () => {
  it('defaults to 30 days with exact figures from page views and AI events', async () => {
    const body = await siteAnalytics();
    expect(body.period).toEqual({ days: 30, from: addDays(today, -29), to: today });
    expect(body.summary).toEqual({
      totalVisitors: 2 + 2 + 1 + 1,
      totalPageViews: 4 + 3 + 1 + 5,
      totalAiRequests: 3,
      totalAiTokensUsed: 30 + 10 + 150,
      avgDailyVisitors: 0.2,
      avgDailyPageViews: 0.4,
    });
    expect(body.todayAnalytics).toEqual({
      uniqueVisitors: 2,
      totalPageViews: 4,
      totalAiRequests: 2,
      totalAiTokensUsed: 40,
    });
  });

  it('7 and 90 days count only their own days', async () => {
    const week = await siteAnalytics('?days=7');
    expect(week.summary).toEqual({
      totalVisitors: 5,
      totalPageViews: 8,
      totalAiRequests: 3,
      totalAiTokensUsed: 190,
      avgDailyVisitors: 0.7,
      avgDailyPageViews: 1.1,
    });
    const quarter = await siteAnalytics('?days=90');
    expect(quarter.summary).toEqual({
      totalVisitors: 7,
      totalPageViews: 15,
      totalAiRequests: 4,
      totalAiTokensUsed: 1_190,
      avgDailyVisitors: 0.1,
      avgDailyPageViews: 0.2,
    });
  });

  it('lists every day of the period, oldest first, days without visits as zeros', async () => {
    const body = await siteAnalytics('?days=7');
    expect(body.analytics).toEqual([
      { date: addDays(today, -6), uniqueVisitors: 1, totalPageViews: 1 },
      { date: addDays(today, -5), uniqueVisitors: 0, totalPageViews: 0 },
      { date: addDays(today, -4), uniqueVisitors: 0, totalPageViews: 0 },
      { date: addDays(today, -3), uniqueVisitors: 0, totalPageViews: 0 },
      { date: addDays(today, -2), uniqueVisitors: 0, totalPageViews: 0 },
      { date: addDays(today, -1), uniqueVisitors: 2, totalPageViews: 3 },
      { date: today, uniqueVisitors: 2, totalPageViews: 4 },
    ]);
    const quarter = await siteAnalytics('?days=90');
    expect(quarter.analytics).toHaveLength(90);
    expect(quarter.analytics[0]!.date).toBe(addDays(today, -89));
    expect(quarter.analytics.find((d) => d.date === addDays(today, -45))).toEqual({
      date: addDays(today, -45),
      uniqueVisitors: 1,
      totalPageViews: 2,
    });
  });

  it.each(['1', '14', '365', 'abc', '-7', '7.5'])('days=%s answers 400 in pt-BR', async (days) => {
    const res = await admin.get(`/api/admin/site-analytics?days=${days}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: AnalyticsMessages.invalidPeriod,
    });
    expect(AnalyticsMessages.invalidPeriod).toBe('Período inválido: escolha 7, 30 ou 90 dias.');
  });

  it('stays exact across a consumer restart: nothing lost, nothing doubled', async () => {
    await analytics.stopConsumer();
    const whileDown = [
      await analytics.emit('ai.request.completed.v1', ai(1, 1, '0.000500')),
      await analytics.emit('ai.request.completed.v1', ai(2, 2, '0.000500')),
    ];
    // Still the old figures while the consumer is down.
    expect((await siteAnalytics()).todayAnalytics.totalAiRequests).toBe(2);
    await analytics.startConsumer();
    await eventually(async () => (await siteAnalytics()).todayAnalytics.totalAiRequests === 4);
    // A redelivery of an event already counted (after a crash before its ack) adds nothing.
    await applyAnalyticsEvent(analytics.runtime.db, whileDown[0]!);
    await applyAnalyticsEvent(analytics.runtime.db, whileDown[1]!);
    await new Promise((r) => setTimeout(r, 300));
    const body = await siteAnalytics();
    expect(body.todayAnalytics).toEqual({
      uniqueVisitors: 2,
      totalPageViews: 4,
      totalAiRequests: 4,
      totalAiTokensUsed: 46,
    });
    expect(body.summary.totalAiRequests).toBe(5);
    expect(body.summary.totalAiTokensUsed).toBe(196);
  });
});

describe('GET /api/admin/visitor-tracking', () => {
  it("gives today's counts and the last 7 days' page views, newest first", async () => {
    const res = await admin.get('/api/admin/visitor-tracking');
    expect(res.status).toBe(200);
    const body = res.body as unknown as VisitorTracking;
    expect(body.todayCount).toBe(4);
    expect(body.uniqueIpsToday).toBe(2);
    expect(body.totalLast7Days).toBe(8);
    expect(body.visitors).toHaveLength(8);
    const dates = body.visitors.map((v) => v.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.visitors.map((v) => v.ipAddress)).toEqual([
      ip(2),
      ip(1),
      ip(1),
      ip(1),
      ip(3),
      ip(1),
      ip(1),
      ip(4),
    ]);
    // The signed-in view carries its user ('Auth'); the others are anonymous.
    expect(body.visitors.filter((v) => v.userId !== null)).toHaveLength(1);
    expect(body.visitors[1]).toMatchObject({
      ipAddress: ip(1),
      userAgent: 'Mozilla/5.0 (teste)',
      userId: expect.any(String),
    });
    expect(dayOf(new Date(body.visitors[7]!.date))).toBe(addDays(today, -6));
  });
});
