import { randomUUID } from 'node:crypto';
import type { AuditRecordedPayload, EventEnvelope } from '@pv/contracts';
import { collectEvents, eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymise } from '../src/anonymise/anonymise.js';
import { archiveConsult } from '../src/records/record.service.js';
import { startVault, TEST_ADMIN_KEY, type VaultUnderTest } from './harness.js';

let vault: VaultUnderTest;
let audit: Awaited<ReturnType<typeof collectEvents>>;
beforeAll(async () => {
  vault = await startVault();
  audit = await collectEvents(await vault.runtime.nats.connected(), `test-audit-${Date.now()}`, [
    'audit.access.recorded.v1',
  ]);
});
afterAll(async () => {
  await audit.stop();
  await vault.close();
});

async function seed(): Promise<string> {
  const consultId = randomUUID();
  const consult = anonymise(
    {
      source: 'event',
      consultId,
      formattedText: `Consulta Médica\nNota de teste ${consultId}`,
      rawTranscript: 'nota de teste',
      editedText: null,
      professional: 'nutricionista',
      audioLengthSec: 30,
      userId: randomUUID(),
      clientIp: '192.0.2.1',
      uf: 'SP',
      at: new Date(),
    },
    vault.hasher,
  );
  await vault.db.transaction().execute((trx) => archiveConsult(trx, consult));
  return consultId;
}

/** The audit events one admin caused, once `count` of them have arrived. */
function entriesOf(actorId: string, count: number) {
  return eventually(async () => {
    const mine = (audit.received as EventEnvelope<AuditRecordedPayload>[])
      .map((e) => e.payload)
      .filter((p) => p.actorId === actorId);
    return mine.length >= count ? mine : undefined;
  });
}

describe('the vault records staff access in the audit trail', () => {
  it('a refused key, an unlock, a list, a view, an export, a delete and a delete-all', async () => {
    const admin = await vault.as('admin');
    const id = await seed();
    expect(
      (await admin.post('/api/admin/transcript-vault/login', { adminKey: 'chave-errada' })).status,
    ).toBe(401);
    expect((await vault.unlock(admin)).status).toBe(200);
    expect((await admin.get('/api/admin/transcript-vault/records?uf=SP')).status).toBe(200);
    expect((await admin.get(`/api/admin/transcript-vault/record/${id}`)).status).toBe(200);
    expect((await admin.get('/api/admin/transcript-vault/export?limit=5')).status).toBe(200);
    expect((await admin.delete(`/api/admin/transcript-vault/record/${id}`)).status).toBe(200);
    expect((await admin.delete('/api/admin/transcript-vault/records?confirm=true')).status).toBe(
      200,
    );

    const entries = await entriesOf(admin.userId, 7);
    expect(entries.map((e) => e.action)).toEqual([
      'vault.unlock-denied',
      'vault.unlock',
      'vault.records.list',
      'vault.record.view',
      'vault.records.export',
      'vault.record.delete',
      'vault.records.delete-all',
    ]);
    for (const entry of entries)
      expect(entry).toMatchObject({
        actorId: admin.userId,
        ipAddress: '127.0.0.1',
        service: 'vault',
      });
    expect(entries[2]!.details).toMatchObject({ uf: 'SP', shown: 1 });
    expect(entries[3]).toMatchObject({ targetType: 'vault-record', targetId: id });
    expect(entries[4]!.details).toMatchObject({ limit: 5 });
    expect(entries[5]).toMatchObject({ targetType: 'vault-record', targetId: id });
    // The key itself never reaches the trail.
    expect(JSON.stringify(entries)).not.toContain(TEST_ADMIN_KEY);
    expect(JSON.stringify(entries)).not.toContain('chave-errada');
  });

  it('a delete that finds nothing records nothing', async () => {
    const admin = await vault.as('admin');
    await vault.unlock(admin);
    const missing = randomUUID();
    expect((await admin.delete(`/api/admin/transcript-vault/record/${missing}`)).status).toBe(404);
    await entriesOf(admin.userId, 1);
    await new Promise((r) => setTimeout(r, 300));
    const mine = (audit.received as EventEnvelope<AuditRecordedPayload>[]).filter(
      (e) => e.payload.actorId === admin.userId,
    );
    expect(mine.map((e) => e.payload.action)).toEqual(['vault.unlock']);
  });
});
