import { AnalyticsMessages } from '@pv/contracts';
import { createRedis } from '@pv/service-kit/runtime';
import { testInfra } from '@pv/service-kit/testing';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViewDays, rebuildRollups } from '../src/page-views/page-view.repository.js';
import { purgeExpiredVisitorData, scheduleVisitorPurge } from '../src/page-views/visitor-purge.js';
import { addDays, dayOf } from '../src/time/sao-paulo-day.js';
import { type AnalyticsUnderTest, startAnalytics } from './harness.js';

let analytics: AnalyticsUnderTest;
const today = dayOf(new Date());

beforeAll(async () => {
  analytics = await startAnalytics({ PAGE_VIEW_MAX_PER_MINUTE: '5' });
});
afterAll(() => analytics.close());

const rawViews = (address: string) =>
  analytics.runtime.db
    .selectFrom('page_views')
    .select(['user_id', 'user_agent', 'app', 'path', 'referrer', 'day'])
    .where(sql<boolean>`ip_address = ${address}::inet`)
    .execute();
const rollupOf = async (day: string) =>
  (await pageViewDays(analytics.runtime.db, day, day))[0] ?? null;

describe('POST /api/analytics/page-view', () => {
  it('records address (as forwarded by the gateway), user agent, user and time; answers 202', async () => {
    const clinician = await analytics.as('free');
    const res = await clinician.post(
      '/api/analytics/page-view',
      { path: '/user', app: 'workspace', referrer: 'https://www.google.com/' },
      { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' },
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recorded: true });
    const rows = await rawViews('198.51.100.7');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: clinician.userId,
      user_agent: 'Mozilla/5.0 (Linux; Android 14)',
      app: 'workspace',
      path: '/user',
      referrer: 'https://www.google.com/',
    });
    const anonymous = await analytics
      .anonymous()
      .post(
        '/api/analytics/page-view',
        { path: '/admin', app: 'admin' },
        { 'x-forwarded-for': '198.51.100.8' },
      );
    expect(anonymous.status).toBe(202);
    expect((await rawViews('198.51.100.8'))[0]).toMatchObject({ user_id: null, referrer: null });
  });

  it('refuses a bad body with the pt-BR message of the field, and counts nothing', async () => {
    const client = analytics.anonymous();
    const headers = { 'x-forwarded-for': '198.51.100.9' };
    const noPath = await client.post('/api/analytics/page-view', { app: 'workspace' }, headers);
    expect(noPath.status).toBe(400);
    expect(noPath.body.message).toBe(
      'Informe em path o caminho da página visitada (começando com /).',
    );
    const relative = await client.post(
      '/api/analytics/page-view',
      { path: 'http://x', app: 'workspace' },
      headers,
    );
    expect(relative.body.message).toBe(AnalyticsMessages.invalidPath);
    const badApp = await client.post(
      '/api/analytics/page-view',
      { path: '/', app: 'mobile' },
      headers,
    );
    expect(badApp.status).toBe(400);
    expect(badApp.body.message).toBe(
      'Informe em app qual aplicação foi visitada: workspace ou admin.',
    );
    expect(await rawViews('198.51.100.9')).toEqual([]);
  });

  it('limits each address per minute (429 in pt-BR) without touching other addresses', async () => {
    const client = analytics.anonymous();
    const send = (address: string) =>
      client.post(
        '/api/analytics/page-view',
        { path: '/', app: 'workspace' },
        { 'x-forwarded-for': address },
      );
    const before = (await rollupOf(today))?.page_views ?? 0;
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await send('198.51.100.20')).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const refused = await send('198.51.100.20');
    expect(refused.body).toMatchObject({
      code: 'PAGE_VIEW_RATE_LIMITED',
      message: 'Muitas visualizações registradas em pouco tempo. Aguarde um momento.',
    });
    expect((await send('198.51.100.21')).status).toBe(202);
    expect((await rollupOf(today))?.page_views).toBe(before + 6);
  });

  it('counts an address once per day even when its views arrive at the same moment', async () => {
    const day = addDays(today, -3);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        analytics.pageViews.record(
          { path: `/p${i}`, app: 'workspace' },
          { ipAddress: i % 2 ? '192.0.2.1' : '192.0.2.2', userAgent: 'x', principal: null },
          new Date(`${day}T12:00:00Z`),
        ),
      ),
    );
    expect(await rollupOf(day)).toEqual({ day, page_views: 20, unique_visitors: 2 });
  });

  it('the rollup rebuilt from raw rows equals the one kept on write', async () => {
    const kept = await pageViewDays(analytics.runtime.db, addDays(today, -10), today);
    await analytics.runtime.db.deleteFrom('page_views_daily').execute();
    await analytics.runtime.db.deleteFrom('daily_visitors').execute();
    await rebuildRollups(analytics.runtime.db, addDays(today, -10), today);
    const rebuilt = await pageViewDays(analytics.runtime.db, addDays(today, -10), today);
    const byDay = (rows: typeof kept) => [...rows].sort((a, b) => a.day.localeCompare(b.day));
    expect(byDay(rebuilt)).toEqual(byDay(kept));
  });
});

describe('visitor addresses are kept 90 days', () => {
  it('deletes raw page views and visitor rows older than 90 days; daily counts stay', async () => {
    const now = new Date();
    const record = (at: Date, address: string) =>
      analytics.pageViews.record(
        { path: '/', app: 'workspace' },
        { ipAddress: address, userAgent: 'x', principal: null },
        at,
      );
    const day = 24 * 3_600_000;
    const old = new Date(now.getTime() - 91 * day);
    const edge = new Date(now.getTime() - 90 * day + 60_000);
    await record(old, '192.0.2.90');
    await record(old, '192.0.2.91');
    await record(edge, '192.0.2.92');
    const oldDay = dayOf(old);
    const countsBefore = await rollupOf(oldDay);
    expect(countsBefore).toMatchObject({ page_views: 2, unique_visitors: 2 });

    const deleted = await purgeExpiredVisitorData(analytics.runtime.db, 90, now);
    expect(deleted.pageViews).toBe(2);
    expect(deleted.dailyVisitors).toBeGreaterThanOrEqual(2);
    expect(await rawViews('192.0.2.90')).toEqual([]);
    expect(await rawViews('192.0.2.91')).toEqual([]);
    expect(await rawViews('192.0.2.92')).toHaveLength(1);
    const visitorsOfOldDay = await analytics.runtime.db
      .selectFrom('daily_visitors')
      .selectAll()
      .where(sql<boolean>`day = ${oldDay}::date`)
      .execute();
    expect(visitorsOfOldDay).toEqual([]);
    expect(await rollupOf(oldDay)).toEqual(countsBefore);
    // Running it again deletes nothing more.
    expect(await purgeExpiredVisitorData(analytics.runtime.db, 90, now)).toEqual({
      pageViews: 0,
      dailyVisitors: 0,
    });
  });

  it('the scheduled purge runs in one replica at a time (Redis lock)', async () => {
    const redis = createRedis(testInfra.redisUrl);
    const lockKey = `pv:test:analytics:purge-lock:${analytics.config.ANALYTICS_DATABASE}`;
    const old = new Date(Date.now() - 100 * 24 * 3_600_000);
    const record = (address: string) =>
      analytics.pageViews.record(
        { path: '/', app: 'workspace' },
        { ipAddress: address, userAgent: 'x', principal: null },
        old,
      );
    try {
      await redis.set(lockKey, 'another replica', 'EX', 60);
      await record('192.0.2.100');
      const blocked = scheduleVisitorPurge({
        db: analytics.runtime.db,
        redis,
        retentionDays: 90,
        intervalMinutes: 60,
        log: pino({ level: 'silent' }),
        lockKey,
      });
      await blocked.stop();
      expect(await rawViews('192.0.2.100')).toHaveLength(1);

      await redis.del(lockKey);
      const free = scheduleVisitorPurge({
        db: analytics.runtime.db,
        redis,
        retentionDays: 90,
        intervalMinutes: 60,
        log: pino({ level: 'silent' }),
        lockKey,
      });
      await free.stop();
      expect(await rawViews('192.0.2.100')).toEqual([]);
      expect(await redis.ttl(lockKey)).toBeGreaterThan(0);
    } finally {
      await redis.del(lockKey);
      redis.disconnect();
    }
  });
});
