import {
  type AiTemplateChangedPayload,
  DOCUMENT_TEMPLATE_KEY_INVALID,
  type EventEnvelope,
} from '@pv/contracts';
import { connectNats } from '@pv/service-kit/events';
import { eventually } from '@pv/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as backfill } from '../src/db/migrations/2026_11_26_1200_ai_template_events.js';
import {
  type Client,
  collectEvents,
  type FormattingUnderTest,
  startFormatting,
} from './harness.js';

let svc: FormattingUnderTest;
let admin: Client;
let events: Awaited<ReturnType<typeof collectEvents>>;
let nc: Awaited<ReturnType<typeof connectNats>>;
beforeAll(async () => {
  svc = await startFormatting({}, { worker: false });
  admin = await svc.as('admin');
  nc = await connectNats(svc.config.NATS_URL, 'test-ai-templates');
  events = await collectEvents(nc, `test-ai-templates-${Date.now()}`, ['ai.template.changed.v1']);
});
afterAll(async () => {
  await events.stop();
  await nc.close();
  await svc.close();
});

const about = (id: string, predicate: (p: AiTemplateChangedPayload) => boolean = () => true) =>
  events.waitFor((e: EventEnvelope) => {
    const payload = e.payload as AiTemplateChangedPayload;
    return payload.template.id === id && predicate(payload);
  });

describe("'Templates IA' changes reach other services (ai.template.changed.v1)", () => {
  it('create, edit, deactivate and delete each publish the template as it became, through the outbox', async () => {
    const created = await admin.post('/api/ai-templates', {
      templateKey: 'pedido_exames',
      templateType: 'document_template',
      name: 'Pedido da clínica',
      prompt: '# Exames solicitados\n# Preparo\nJejum de 8 horas.',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const saved = await about(id);
    expect(saved.payload).toEqual({
      change: 'saved',
      template: {
        id,
        templateKey: 'pedido_exames',
        templateType: 'document_template',
        name: 'Pedido da clínica',
        prompt: '# Exames solicitados\n# Preparo\nJejum de 8 horas.',
        isActive: true,
        updatedAt: created.body.updatedAt,
      },
    });

    await admin.put(`/api/ai-templates/${id}`, { prompt: '# Preparo\nJejum de 12 horas.' });
    await about(id, (p) => p.template.prompt === '# Preparo\nJejum de 12 horas.');
    await admin.put(`/api/ai-templates/${id}`, { isActive: false });
    await about(id, (p) => p.change === 'saved' && !p.template.isActive);
    expect((await admin.delete(`/api/ai-templates/${id}`)).status).toBe(200);
    const deleted = await about(id, (p) => p.change === 'deleted');
    expect(deleted.payload).toMatchObject({ template: { templateKey: 'pedido_exames' } });
    // The relay empties what it published: no template text stays in the outbox.
    await eventually(async () => {
      const left = await svc.db
        .selectFrom('outbox_events')
        .select('id')
        .where('subject', '=', 'ai.template.changed.v1')
        .where('payload', 'is not', null)
        .execute();
      return left.length === 0 ? true : undefined;
    });
  });

  it('a refused write publishes nothing (the event shares the transaction)', async () => {
    const before = events.received.length;
    const res = await admin.post('/api/ai-templates', {
      templateKey: 'receita_da_clinica',
      templateType: 'document_template',
      name: 'Receita',
      prompt: '# Uso',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(DOCUMENT_TEMPLATE_KEY_INVALID);
    // An edit that would make a document template with a key that is no document type, too.
    const other = await admin.post('/api/ai-templates', {
      templateKey: 'nutri-resumo',
      templateType: 'formatting_prompt',
      name: 'Resumo',
      prompt: 'Avaliação:',
    });
    expect(other.status).toBe(201);
    const id = String(other.body.id);
    await about(id);
    const edit = await admin.put(`/api/ai-templates/${id}`, { templateType: 'document_template' });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(DOCUMENT_TEMPLATE_KEY_INVALID);
    const unchanged = (await admin.get('/api/ai-templates')).body as unknown as {
      id: string;
      templateType: string;
    }[];
    expect(unchanged.find((t) => t.id === id)?.templateType).toBe('formatting_prompt');
    await new Promise((r) => setTimeout(r, 300));
    expect(events.received.length).toBe(before + 1);
  });

  it('the release migration announces the templates saved before it', async () => {
    await sql`INSERT INTO ai_templates (template_key, template_type, name, prompt)
      VALUES ('atestado_medico', 'document_template', 'Atestado antigo', '# Atestado')`.execute(
      svc.db,
    );
    const row = await svc.db
      .selectFrom('ai_templates')
      .select('id')
      .where('template_key', '=', 'atestado_medico')
      .executeTakeFirstOrThrow();
    await backfill(svc.db as never);
    svc.runtime.relay.kick();
    const announced = await about(row.id);
    expect(announced.payload).toMatchObject({
      change: 'saved',
      template: {
        templateKey: 'atestado_medico',
        templateType: 'document_template',
        name: 'Atestado antigo',
        prompt: '# Atestado',
        isActive: true,
      },
    });
    expect((announced.payload as AiTemplateChangedPayload).template.updatedAt).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
  });
});
