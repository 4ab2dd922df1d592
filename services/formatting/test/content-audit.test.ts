import type { AuditRecordedPayload, EventEnvelope } from '@pv/contracts';
import { collectEvents, eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormattingUnderTest, startFormatting } from './harness.js';

// Issue 23 item 9: every change of the content that reaches every user is in the audit trail,
// with who, when and what changed (field names and sizes), never the text.
let svc: FormattingUnderTest;
let audit: Awaited<ReturnType<typeof collectEvents>>;
beforeAll(async () => {
  svc = await startFormatting({}, { worker: false });
  audit = await collectEvents(
    await svc.runtime.nats.connected(),
    `test-formatting-content-audit-${Date.now()}`,
    ['audit.access.recorded.v1'],
  );
});
afterAll(async () => {
  await audit.stop();
  await svc.close();
});

const SECRET_TEXT = 'Instrução confidencial ZUMBIDO';

const lists = [
  {
    path: '/api/admin/system-instructions',
    targetType: 'system-instruction',
    create: { title: 'Regra', content: SECRET_TEXT },
    update: { content: `${SECRET_TEXT} revista` },
    sizes: ['content:30,title:5', 'content:38'],
  },
  {
    path: '/api/ai-templates',
    targetType: 'ai-template',
    create: { templateKey: `k-${Date.now()}`, name: 'Modelo', prompt: SECRET_TEXT },
    update: { prompt: `${SECRET_TEXT} revista` },
    sizes: [`name:6,prompt:30,templateKey:${`k-${Date.now()}`.length}`, 'prompt:38'],
  },
  {
    path: '/api/admin/templates',
    targetType: 'professional-template',
    create: { professional: 'enfermeira', name: 'Evolução', prompt: SECRET_TEXT },
    update: { prompt: `${SECRET_TEXT} revista` },
    sizes: ['name:8,professional:10,prompt:30', 'prompt:38'],
  },
  {
    path: '/api/admin/medical-terms',
    targetType: 'medical-term',
    create: { term: `ZUMBIDO${Date.now()}` },
    update: { category: 'symptom' },
    sizes: [`term:${`ZUMBIDO${Date.now()}`.length}`, 'category:7'],
  },
] as const;

describe('content every user gets, in the audit trail', () => {
  it.each(lists)('$path: create, edit and delete are recorded without the text', async (list) => {
    const admin = await svc.as('admin');
    const created = await admin.post(list.path, list.create);
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    expect((await admin.put(`${list.path}/${id}`, list.update)).status).toBe(200);
    expect((await admin.delete(`${list.path}/${id}`)).status).toBe(200);

    const mine = () =>
      (audit.received as EventEnvelope<AuditRecordedPayload>[])
        .map((event) => event.payload)
        .filter((entry) => entry.actorId === admin.userId);
    const entries = await eventually(async () => (mine().length >= 3 ? mine() : undefined));
    const base = {
      actorId: admin.userId,
      actorEmail: expect.any(String),
      targetType: list.targetType,
      targetId: id,
      ipAddress: expect.any(String),
      service: 'formatting',
    };
    expect(entries).toEqual([
      {
        ...base,
        action: 'content.create',
        details: { fields: Object.keys(list.create).sort().join(','), sizes: list.sizes[0] },
      },
      {
        ...base,
        action: 'content.update',
        details: { fields: Object.keys(list.update).join(','), sizes: list.sizes[1] },
      },
      { ...base, action: 'content.delete', details: {} },
    ]);
    expect(JSON.stringify(entries)).not.toContain('ZUMBIDO');
  });
});
