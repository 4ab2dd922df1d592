import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@pv/contracts';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyUsageEvent } from '../src/events/usage-consumer.js';
import { type BillingUnderTest, startBilling } from './harness.js';

let billing: BillingUnderTest;
beforeAll(async () => {
  billing = await startBilling({}, { consumer: true });
});
afterAll(() => billing.close());

const MB = 1_000_000;
const stored = (
  userId: string,
  source: 'custom-templates' | 'signed-documents' | 'signing-certificate',
  bytes: number,
  measuredAt = new Date(),
) => ({ userId, source, bytes, measuredAt: measuredAt.toISOString() });

const storageOf = async (userId: string) => {
  const admin = await billing.as('admin');
  const months = (await admin.get(`/api/admin/usage-metrics/${userId}`)).body as unknown as {
    storageUsedMB: number;
    storageUsedBytes: number;
  }[];
  return months[0];
};

describe('storage used: what the user stores, from usage.storage.changed.v1 (issue 17)', () => {
  it('adds up templates, signed documents and the certificate, in MB, never 0 for a byte', async () => {
    const user = await billing.as('premium');
    await billing.emit('usage.storage.changed.v1', stored(user.userId, 'custom-templates', 2_048));
    const small = await eventually(async () => {
      const month = await storageOf(user.userId);
      return month && month.storageUsedBytes > 0 ? month : null;
    });
    // A 2 KB template is 0.002 MB: the view never rounds something stored down to 0.
    expect(small).toMatchObject({ storageUsedBytes: 2_048, storageUsedMB: 0.002 });

    await billing.emit('usage.storage.changed.v1', stored(user.userId, 'signed-documents', 3 * MB));
    await billing.emit(
      'usage.storage.changed.v1',
      stored(user.userId, 'signing-certificate', 4_000),
    );
    const all = await eventually(async () => {
      const month = await storageOf(user.userId);
      return month?.storageUsedBytes === 3 * MB + 6_048 ? month : null;
    });
    expect(all?.storageUsedMB).toBe(3.006);

    const monthView = await (await billing.as('admin')).get(
      `/api/admin/usage-metrics?year=${new Date().getUTCFullYear()}&month=${new Date().getUTCMonth() + 1}`,
    );
    const row = (monthView.body as unknown as { userId: string; storageUsedBytes: number }[]).find(
      (r) => r.userId === user.userId,
    );
    // São Paulo's month can differ from UTC's for a few hours at a month's turn.
    if (row) expect(row.storageUsedBytes).toBe(3 * MB + 6_048);
  });

  it('a total replaces the last one; a late, older measure and a redelivery change nothing', async () => {
    const user = await billing.as('free');
    const now = Date.now();
    const newer = {
      id: randomUUID(),
      subject: 'usage.storage.changed.v1',
      occurredAt: new Date(now).toISOString(),
      payload: stored(user.userId, 'signing-certificate', 5_000, new Date(now)),
    } satisfies EventEnvelope;
    const older = {
      ...newer,
      id: randomUUID(),
      payload: stored(user.userId, 'signing-certificate', 9_000, new Date(now - 1_000)),
    };
    await applyUsageEvent(billing.runtime.db, newer);
    await applyUsageEvent(billing.runtime.db, older);
    await applyUsageEvent(billing.runtime.db, newer);
    expect((await storageOf(user.userId))?.storageUsedBytes).toBe(5_000);
    // The certificate removed: its total is 0.
    await applyUsageEvent(billing.runtime.db, {
      ...newer,
      id: randomUUID(),
      payload: stored(user.userId, 'signing-certificate', 0, new Date(now + 1_000)),
    });
    expect((await storageOf(user.userId))?.storageUsedMB).toBe(0);
  });

  it('the Free plan storage limit (1000 MB) bites: 429 with a pt-BR message past it', async () => {
    const user = await billing.as('free');
    await applyUsageEvent(billing.runtime.db, {
      id: randomUUID(),
      subject: 'usage.storage.changed.v1',
      occurredAt: new Date().toISOString(),
      payload: stored(user.userId, 'signed-documents', 1_000 * MB - 10_000),
    });
    const room = await user.post('/internal/quota/storage', { bytes: 10_000 });
    expect(room.status).toBe(200);
    expect(room.body).toEqual({
      allowed: true,
      usedBytes: 1_000 * MB - 10_000,
      limitBytes: 1_000 * MB,
    });
    const over = await user.post('/internal/quota/storage', { bytes: 10_001 });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: 'STORAGE_LIMIT_REACHED',
      message:
        'Você atingiu o limite de armazenamento de 1000 MB do plano gratuito. Assine o Premium para ter 10000 MB.',
    });
    // Reading (0 bytes) and shrinking are always allowed.
    expect((await user.post('/internal/quota/storage', { bytes: 0 })).status).toBe(200);
  });

  it('Premium has 10000 MB', async () => {
    const user = await billing.as('premium');
    await applyUsageEvent(billing.runtime.db, {
      id: randomUUID(),
      subject: 'usage.storage.changed.v1',
      occurredAt: new Date().toISOString(),
      payload: stored(user.userId, 'signed-documents', 1_500 * MB),
    });
    expect((await user.post('/internal/quota/storage', { bytes: MB })).status).toBe(200);
    const over = await user.post('/internal/quota/storage', { bytes: 8_500 * MB + 1 });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(
      'Você atingiu o limite de armazenamento de 10000 MB do plano Premium. Exclua templates ou documentos que não usa mais para liberar espaço.',
    );
  });
});
