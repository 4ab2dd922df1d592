import { randomUUID } from 'node:crypto';
import type { AdminDashboard, UserChangedPayload } from '@pv/contracts';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAnalyticsEvent } from '../src/projections/projection.service.js';
import { addDays, dayOf, monthStart } from '../src/time/sao-paulo-day.js';
import { type AnalyticsUnderTest, startAnalytics } from './harness.js';

let analytics: AnalyticsUnderTest;
let admin: Awaited<ReturnType<AnalyticsUnderTest['as']>>;
const now = new Date();
const today = dayOf(now);

type User = UserChangedPayload['user'];
const user = (n: number, overrides: Partial<User> = {}): User => ({
  id: randomUUID(),
  firstName: `Pessoa${n}`,
  lastName: 'Teste',
  fullName: `Pessoa${n} Teste`,
  email: `pessoa${n}@clinica.test`,
  isAdmin: false,
  isPremium: false,
  userStatus: 'active',
  specialty: null,
  createdAt: new Date(now.getTime() - (100 - n) * 60_000).toISOString(),
  lastLoginAt: null,
  ...overrides,
});
const ai = (costUsd: string) => ({
  userId: null,
  purpose: 'format-text',
  model: 'gpt-test',
  promptTokens: 1,
  completionTokens: 1,
  costUsd,
});

const dashboard = async () => {
  const res = await admin.get('/api/admin/dashboard');
  expect(res.status).toBe(200);
  return res.body as unknown as AdminDashboard;
};
const processed = (id: string) =>
  eventually(async () =>
    analytics.runtime.db
      .selectFrom('processed_events')
      .select('event_id')
      .where('event_id', '=', id)
      .executeTakeFirst(),
  );

const users: User[] = [];
beforeAll(async () => {
  analytics = await startAnalytics({}, { consumer: true });
  admin = await analytics.as('admin');
  users.push(
    user(1, { isAdmin: true }),
    user(2, { isPremium: true }),
    user(3, { userStatus: 'suspended' }),
    user(4, { userStatus: 'inactive', isPremium: true }),
    user(5),
    user(6),
    user(7, { lastLoginAt: new Date(now.getTime() - 3_600_000).toISOString() }),
  );
  for (const u of users)
    await analytics.emit('auth.user.changed.v1', { change: 'registered', user: u });
  // User 6 logs in; user 7's record says an hour ago but a login event says 10 minutes ago.
  await analytics.emit('auth.user.logged-in.v1', {
    userId: users[5]!.id,
    ipAddress: '10.0.0.6',
    userAgent: 'x',
  });
  await analytics.emit(
    'auth.user.logged-in.v1',
    { userId: users[6]!.id, ipAddress: '10.0.0.7', userAgent: 'x' },
    new Date(now.getTime() - 10 * 60_000),
  );
  // This month's AI use; last month's does not count.
  await analytics.emit('ai.request.completed.v1', ai('0.012345'));
  await analytics.emit('ai.request.completed.v1', ai('0.000055'));
  await analytics.emit(
    'ai.request.completed.v1',
    ai('1.000000'),
    new Date(`${addDays(monthStart(today), -1)}T15:00:00Z`),
  );
  // A user deleted by an admin leaves the dashboard.
  const removed = user(8);
  await analytics.emit('auth.user.changed.v1', { change: 'registered', user: removed });
  await analytics.emit('auth.user.changed.v1', { change: 'deleted', user: removed });
  // Older events arriving late do not bring the erased user back (tombstone).
  const before = new Date(now.getTime() - 3_600_000);
  await analytics.emit('auth.user.changed.v1', { change: 'updated', user: removed }, before);
  const last = await analytics.emit(
    'auth.user.logged-in.v1',
    { userId: removed.id, ipAddress: '10.0.0.8', userAgent: 'x' },
    before,
  );
  await processed(last.id);
});
afterAll(() => analytics.close());

describe('GET /api/admin/dashboard', () => {
  it('counts users, active users and Premium with its percentage', async () => {
    const body = await dashboard();
    expect(body).toMatchObject({
      totalUsers: 7,
      activeUsers: 5,
      premiumUsers: 2,
      premiumPercentage: 28.6,
      month: today.slice(0, 7),
    });
  });

  it("sums this São Paulo month's AI requests and estimated cost (USD, 6 places)", async () => {
    const body = await dashboard();
    expect(body.aiRequestsThisMonth).toBe(2);
    expect(body.aiCostUSDThisMonth).toBe('0.012400');
  });

  it('lists the 5 newest users with their last login, or null for never', async () => {
    const body = await dashboard();
    expect(body.recentUsers.map((u) => u.email)).toEqual([
      'pessoa7@clinica.test',
      'pessoa6@clinica.test',
      'pessoa5@clinica.test',
      'pessoa4@clinica.test',
      'pessoa3@clinica.test',
    ]);
    const [seven, six, five] = body.recentUsers;
    expect(Date.parse(seven!.lastLoginAt!)).toBe(now.getTime() - 10 * 60_000);
    expect(six!.lastLoginAt).not.toBeNull();
    expect(five!.lastLoginAt).toBeNull();
    expect(body.recentUsers[3]).toMatchObject({
      fullName: 'Pessoa4 Teste',
      isPremium: true,
      isAdmin: false,
      userStatus: 'inactive',
    });
  });

  it('follows user changes, ignores an older change arriving late, and never doubles', async () => {
    const five = users[4]!;
    const upgraded = await analytics.emit('auth.user.changed.v1', {
      change: 'updated',
      user: { ...five, isPremium: true },
    });
    await processed(upgraded.id);
    expect((await dashboard()).premiumUsers).toBe(3);
    // An older snapshot (redelivered after a failure) does not undo the newer one.
    await applyAnalyticsEvent(analytics.runtime.db, {
      id: randomUUID(),
      subject: 'auth.user.changed.v1',
      occurredAt: new Date(Date.parse(upgraded.occurredAt) - 60_000).toISOString(),
      payload: { change: 'updated', user: { ...five, isPremium: false } },
    });
    // The same AI event applied twice counts once.
    const cost = await analytics.emit('ai.request.completed.v1', ai('0.100000'));
    await processed(cost.id);
    await applyAnalyticsEvent(analytics.runtime.db, cost);
    const body = await dashboard();
    expect(body.premiumUsers).toBe(3);
    expect(body.premiumPercentage).toBe(42.9);
    expect(body.aiRequestsThisMonth).toBe(3);
    expect(body.aiCostUSDThisMonth).toBe('0.112400');
  });
});
