import { randomUUID } from 'node:crypto';
import type {
  AdminDashboard,
  AuditRecordedPayload,
  EventEnvelope,
  VisitorTracking,
} from '@pv/contracts';
import { collectEvents, eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAnalyticsEvent } from '../src/projections/projection.service.js';
import { type AnalyticsUnderTest, startAnalytics } from './harness.js';

let analytics: AnalyticsUnderTest;
let audit: Awaited<ReturnType<typeof collectEvents>>;
beforeAll(async () => {
  analytics = await startAnalytics();
  audit = await collectEvents(
    await analytics.runtime.nats.connected(),
    `test-analytics-audit-${Date.now()}`,
    ['audit.access.recorded.v1'],
  );
});
afterAll(async () => {
  await audit.stop();
  await analytics.close();
});

const entriesOf = (actorId: string) =>
  (audit.received as EventEnvelope<AuditRecordedPayload>[])
    .map((e) => e.payload)
    .filter((p) => p.actorId === actorId);

describe('the visitor list in the audit trail', () => {
  it('records who read the visitor addresses, from where, with how many rows and no address', async () => {
    await analytics.pageViews.record(
      { path: '/', app: 'workspace' },
      { ipAddress: '203.0.113.77', userAgent: 'Mozilla/5.0 (Visitante)', principal: null },
    );
    const admin = await analytics.as('admin', undefined, { 'x-forwarded-for': '198.51.100.41' });
    const res = await admin.get('/api/admin/visitor-tracking');
    expect(res.status).toBe(200);
    const rows = (res.body as unknown as VisitorTracking).visitors.length;
    expect(rows).toBeGreaterThanOrEqual(1);

    const [entry] = await eventually(async () =>
      entriesOf(admin.userId).length > 0 ? entriesOf(admin.userId) : undefined,
    );
    expect(entry).toEqual({
      actorId: admin.userId,
      actorEmail: expect.any(String),
      action: 'analytics.visitors.view',
      targetType: 'visitors',
      targetId: null,
      ipAddress: '198.51.100.41',
      service: 'analytics',
      details: { rows },
    });
    expect(JSON.stringify(entry)).not.toContain('203.0.113.77');
  });

  it('the site analytics (counts only) are not recorded', async () => {
    const admin = await analytics.as('admin');
    expect((await admin.get('/api/admin/site-analytics?days=7')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect(entriesOf(admin.userId)).toEqual([]);
  });

  it("records each of the dashboard's recent users by id, never their name or e-mail", async () => {
    const user = {
      id: randomUUID(),
      firstName: 'Helena',
      lastName: 'Recente',
      fullName: 'Helena Recente',
      email: `helena.${Date.now().toString(36)}@clinica.test`,
      isAdmin: false,
      isPremium: false,
      userStatus: 'active' as const,
      specialty: null,
      createdAt: new Date().toISOString(),
      lastLoginAt: null,
    };
    await applyAnalyticsEvent(analytics.runtime.db, {
      id: randomUUID(),
      subject: 'auth.user.changed.v1',
      occurredAt: new Date().toISOString(),
      payload: { change: 'registered', user },
    });
    const admin = await analytics.as('admin', undefined, { 'x-forwarded-for': '198.51.100.42' });
    const res = await admin.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    const shown = (res.body as unknown as AdminDashboard).recentUsers.map((u) => u.id);
    expect(shown).toContain(user.id);

    const entries = await eventually(async () =>
      entriesOf(admin.userId).length === shown.length ? entriesOf(admin.userId) : undefined,
    );
    expect(entries.map((e) => e.targetId).sort()).toEqual([...shown].sort());
    expect(entries.find((e) => e.targetId === user.id)).toEqual({
      actorId: admin.userId,
      actorEmail: expect.any(String),
      action: 'users.recent.view',
      targetType: 'user',
      targetId: user.id,
      ipAddress: '198.51.100.42',
      service: 'analytics',
      details: { shown: shown.length },
    });
    expect(JSON.stringify(entries)).not.toContain('Helena');
    expect(JSON.stringify(entries)).not.toContain(user.email);
  });
});

describe('marketing messages in the audit trail (issue 23 item 9)', () => {
  it('records who created, edited and deleted a message: field names and sizes, never the text', async () => {
    const admin = await analytics.as('admin', undefined, { 'x-forwarded-for': '198.51.100.42' });
    const title = `Oferta ${randomUUID().slice(0, 8)}`;
    const created = await admin.post('/api/admin/marketing-messages', {
      title,
      message: 'Assine o Premium com desconto nesta semana.',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    // A key the contract does not know may itself be text: it is not named in the trail.
    expect(
      (
        await admin.put(`/api/admin/marketing-messages/${id}`, {
          message: 'Texto novo',
          'Paciente Maria da Silva': true,
        })
      ).status,
    ).toBe(200);
    expect((await admin.delete(`/api/admin/marketing-messages/${id}`)).status).toBe(200);

    const entries = await eventually(async () =>
      entriesOf(admin.userId).length >= 3 ? entriesOf(admin.userId) : undefined,
    );
    const base = {
      actorId: admin.userId,
      actorEmail: expect.any(String),
      targetType: 'marketing-message',
      targetId: id,
      ipAddress: '198.51.100.42',
      service: 'analytics',
    };
    expect(entries).toEqual([
      {
        ...base,
        action: 'content.create',
        details: { fields: 'message,title', sizes: `message:43,title:${title.length}` },
      },
      { ...base, action: 'content.update', details: { fields: 'message', sizes: 'message:10' } },
      { ...base, action: 'content.delete', details: {} },
    ]);
    expect(JSON.stringify(entries)).not.toContain('Premium');
    expect(JSON.stringify(entries)).not.toContain('Maria');
    expect(JSON.stringify(entries)).not.toContain(title);
  });
});
