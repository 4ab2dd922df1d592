import type { AuditRecordedPayload, EventEnvelope } from '@pv/contracts';
import { collectEvents, eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingUnderTest, startBilling } from './harness.js';

let billing: BillingUnderTest;
let audit: Awaited<ReturnType<typeof collectEvents>>;
beforeAll(async () => {
  billing = await startBilling();
  audit = await collectEvents(await billing.runtime.nats.connected(), `test-audit-${Date.now()}`, [
    'audit.access.recorded.v1',
  ]);
});
afterAll(async () => {
  await audit.stop();
  await billing.close();
});

describe('the admin usage and subscription views are audited', () => {
  it("records a user's usage, the month's usage and a user's subscriptions, with who and from where", async () => {
    const admin = await billing.as('admin', undefined, { 'x-forwarded-for': '198.51.100.7' });
    const user = await billing.as('free');
    expect((await admin.get(`/api/admin/usage-metrics/${user.userId}`)).status).toBe(200);
    expect((await admin.get('/api/admin/usage-metrics?year=2026&month=11')).status).toBe(200);
    expect((await admin.get(`/api/admin/premium-subscriptions/${user.userId}`)).status).toBe(200);
    // A refused request is not an access.
    expect((await admin.get('/api/admin/usage-metrics?year=2026&month=13')).status).toBe(400);

    const entries = await eventually(async () => {
      const mine = (audit.received as EventEnvelope<AuditRecordedPayload>[])
        .map((e) => e.payload)
        .filter((p) => p.actorId === admin.userId);
      return mine.length >= 3 ? mine : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(entries.map((e) => [e.action, e.targetId])).toEqual([
      ['user.usage.view', user.userId],
      ['usage.month.view', null],
      ['user.subscription.view', user.userId],
    ]);
    expect(entries[1]!.details).toEqual({ year: 2026, month: 11 });
    for (const entry of entries) expect(entry.service).toBe('billing');
  });

  it('a clinician reading their own usage is not staff access', async () => {
    const user = await billing.as('free');
    expect((await user.get('/api/user-metrics')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      (audit.received as EventEnvelope<AuditRecordedPayload>[]).filter(
        (e) => e.payload.actorId === user.userId,
      ),
    ).toEqual([]);
  });
});
