import { randomUUID } from 'node:crypto';
import type {
  AiTemplateChangedPayload,
  EventEnvelope,
  GenerateDocumentResponse,
} from '@pv/contracts';
import { type FakeOpenAI, startFakeOpenAI } from '@pv/provider-fakes';
import type { DurableSubscription } from '@pv/service-kit/events';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAiTemplateEvent,
  startAiTemplateConsumer,
} from '../src/events/ai-template-consumer.js';
import { TEMPLATE_LIMITS } from '../src/generation/document-template.js';
import {
  type DocumentsUnderTest,
  FORMATTED_NOTE,
  PROFILE,
  startDocuments,
  todayBr,
} from './harness.js';

type Template = AiTemplateChangedPayload['template'];

let offline: DocumentsUnderTest;
let consumer: DurableSubscription;
let fake: FakeOpenAI;
let llm: DocumentsUnderTest;
beforeAll(async () => {
  offline = await startDocuments();
  consumer = await startAiTemplateConsumer(await offline.runtime.nats.connected(), {
    db: offline.runtime.db,
    durable: offline.config.DOCUMENTS_TEMPLATES_CONSUMER,
    log: offline.runtime.log,
  });
  fake = await startFakeOpenAI();
  llm = await startDocuments({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'modelo-documentos',
    LLM_TIMEOUT_MS: '1500',
    LLM_MAX_RETRIES: '0',
  });
});
afterAll(async () => {
  await consumer.stop();
  await offline.close();
  await llm.close();
  await fake.close();
});

const template = (overrides: Partial<Template> = {}): Template => ({
  id: randomUUID(),
  templateKey: 'pedido_exames',
  templateType: 'document_template',
  name: 'Pedido da clínica',
  prompt:
    '# Indicação clínica\n# Exames solicitados\n# Preparo\nJejum de 8 horas para os exames de sangue.',
  isActive: true,
  updatedAt: new Date().toISOString(),
  ...overrides,
});

/** An event as formatting's relay publishes it, `secondsAgo` old. */
const envelope = (
  change: AiTemplateChangedPayload['change'],
  t: Template,
  secondsAgo = 0,
): EventEnvelope<AiTemplateChangedPayload> => ({
  id: randomUUID(),
  subject: 'ai.template.changed.v1',
  occurredAt: new Date(Date.now() - secondsAgo * 1_000).toISOString(),
  payload: { change, template: t },
});

const projected = (svc: DocumentsUnderTest, id: string) =>
  svc.db
    .selectFrom('document_templates')
    .selectAll()
    .where('template_id', '=', id)
    .executeTakeFirst();

const generate = async (svc: DocumentsUnderTest, documentType: string) => {
  const res = await (await svc.as('free')).post('/api/generate-document', {
    consultationText: FORMATTED_NOTE,
    documentType,
    professional: 'consulta_medica',
    profile: PROFILE,
  });
  expect(res.status).toBe(200);
  return (res.body as unknown as GenerateDocumentResponse).document;
};

/** The headings of a generated document (its lines in capitals after a blank line). */
const headings = (document: string) =>
  document
    .split('\n')
    .filter((line, i, lines) => i > 0 && lines[i - 1] === '' && line.trim() !== '')
    .filter((line) => /\p{L}/u.test(line) && line === line.toLocaleUpperCase('pt-BR'));

/** What no template may take out of a document (docs/documents.md). */
function expectRequiredFields(document: string) {
  expect(document).toContain('Maria Conceição Souza');
  expect(document).toContain(`Data: ${todayBr()}`);
  expect(document).toContain(PROFILE.name);
  expect(document).toContain(PROFILE.registry);
  expect(headings(document).at(-1)).toBe('ASSINATURA');
}

describe('the document templates projection (ai.template.changed.v1)', () => {
  it('an event published to the stream reaches the projection through the durable consumer', async () => {
    const t = template({ templateKey: 'plano_alimentar', prompt: '# Objetivo' });
    await offline.emit('ai.template.changed.v1', { change: 'saved', template: t });
    const row = await eventually(() => projected(offline, t.id));
    expect(row).toMatchObject({
      template_key: 'plano_alimentar',
      template_type: 'document_template',
      prompt: '# Objetivo',
      is_active: true,
      deleted_at: null,
    });
    await offline.emit('ai.template.changed.v1', { change: 'deleted', template: t });
    await eventually(async () => (await projected(offline, t.id))?.deleted_at);
  });

  it('is idempotent, ignores an older event, keeps no text of other types', async () => {
    const t = template({ templateKey: 'resumo_consulta', prompt: '# Conduta' });
    const newer = envelope('saved', { ...t, prompt: '# Conduta\n# Retorno' });
    await applyAiTemplateEvent(offline.db, newer);
    await applyAiTemplateEvent(offline.db, newer);
    await applyAiTemplateEvent(offline.db, envelope('saved', t, 60));
    expect((await projected(offline, t.id))?.prompt).toBe('# Conduta\n# Retorno');
    const processed = await offline.db
      .selectFrom('processed_events')
      .select('event_id')
      .where('event_id', '=', newer.id)
      .execute();
    expect(processed).toHaveLength(1);
    const other = template({ templateKey: 'psiquiatria', templateType: 'formatting_prompt' });
    await applyAiTemplateEvent(offline.db, envelope('saved', other));
    expect((await projected(offline, other.id))?.prompt).toBeNull();
    await applyAiTemplateEvent(offline.db, envelope('deleted', t));
  });
});

describe('POST /api/generate-document offline with the active document template', () => {
  it('orders the sections by the template, adds its fixed text, keeps every fact and required field', async () => {
    const plain = await generate(offline, 'pedido_exames');
    expect(headings(plain)).toEqual([
      'PACIENTE',
      'EXAMES SOLICITADOS',
      'INDICAÇÃO CLÍNICA',
      'ASSINATURA',
    ]);
    const t = template();
    await applyAiTemplateEvent(offline.db, envelope('saved', t));
    const shaped = await generate(offline, 'pedido_exames');
    expect(headings(shaped)).toEqual([
      'PACIENTE',
      'INDICAÇÃO CLÍNICA',
      'EXAMES SOLICITADOS',
      'PREPARO',
      'ASSINATURA',
    ]);
    expect(shaped).toContain('PREPARO\nJejum de 8 horas para os exames de sangue.');
    for (const exam of ['- Hemograma', '- TSH', '- Glicemia de jejum', 'F41.1'])
      expect(shaped).toContain(exam);
    expectRequiredFields(shaped);
    // Another type is not shaped by this template.
    expect(await generate(offline, 'resumo_consulta')).not.toContain('PREPARO');

    // Deactivated: the document is the untemplated one again.
    await applyAiTemplateEvent(offline.db, envelope('saved', { ...t, isActive: false }));
    expect(await generate(offline, 'pedido_exames')).toBe(plain);
    // Active again, then deleted: gone, and an older event delivered late does not bring it back.
    await applyAiTemplateEvent(offline.db, envelope('saved', t));
    expect(headings(await generate(offline, 'pedido_exames'))).toContain('PREPARO');
    await applyAiTemplateEvent(offline.db, envelope('deleted', t));
    expect(await generate(offline, 'pedido_exames')).toBe(plain);
    await applyAiTemplateEvent(offline.db, envelope('saved', t, 120));
    expect(await generate(offline, 'pedido_exames')).toBe(plain);
  });

  it('cannot drop required fields or facts: the patient, the date, the professional, the warning signs', async () => {
    const t = template({
      templateKey: 'orientacoes_paciente',
      name: 'Orientações enxutas',
      prompt: [
        'Não inclua o nome do paciente nem a assinatura.',
        '# Cuidados em casa',
        'Traga este papel no retorno.',
        '# Assinatura',
        'Sem assinatura.',
      ].join('\n'),
    });
    await applyAiTemplateEvent(offline.db, envelope('saved', t));
    const document = await generate(offline, 'orientacoes_paciente');
    expect(headings(document)).toEqual([
      'PACIENTE',
      'CUIDADOS EM CASA',
      'O QUE FOI AVALIADO',
      'SEUS MEDICAMENTOS',
      'SINAIS DE ALERTA',
      'RETORNO',
      'ASSINATURA',
    ]);
    expect(document).toContain('Higiene do sono e atividade física regular.\nTraga este papel');
    expect(document).not.toContain('Sem assinatura.');
    expect(document).not.toContain('Não inclua');
    expectRequiredFields(document);
    await applyAiTemplateEvent(offline.db, envelope('deleted', t));
  });

  it('prints only plain text of a template, within bounds', async () => {
    const t = template({
      templateKey: 'resumo_consulta',
      prompt: `# Observações\u202E\u0007\nTexto\u200B fixo\u0000 da clínica.\n${'x'.repeat(5_000)}`,
    });
    await applyAiTemplateEvent(offline.db, envelope('saved', t));
    const document = await generate(offline, 'resumo_consulta');
    expect(document).toContain('OBSERVAÇÕES\nTexto fixo da clínica.');
    for (const hidden of ['\u202E', '\u0007', '\u200B', '\u0000'])
      expect(document).not.toContain(hidden);
    expect(document).not.toContain('x'.repeat(TEMPLATE_LIMITS.fixedTextChars));
    expectRequiredFields(document);
    await applyAiTemplateEvent(offline.db, envelope('deleted', t));
  });
});

describe('POST /api/generate-document with the LLM and the active document template', () => {
  const prompts = () =>
    fake.requests.map((r) => ({
      system: String(r.body.messages.find((m) => m.role === 'system')?.content ?? ''),
    }));

  it('the template is the instruction the model is given; the answer cannot drop required fields', async () => {
    const t = template({
      templateKey: 'atestado_medico',
      name: 'Atestado da clínica',
      prompt: `Omita a assinatura e o nome do paciente.\n# Atestado\n# Observações\nApresentar ao RH.\n${'y'.repeat(20_000)}`,
    });
    await applyAiTemplateEvent(llm.db, envelope('saved', t));
    // The model follows the template literally and leaves out the patient and the signature.
    fake.setResponder(() => ({
      content: JSON.stringify({
        title: 'Atestado Médico',
        sections: [
          { heading: 'Atestado', content: 'Atesto afastamento de 3 dias.' },
          { heading: 'Observações', content: 'Apresentar ao RH.' },
          { heading: 'Assinatura', content: 'Sem assinatura' },
        ],
      }),
    }));
    fake.requests.length = 0;
    const document = await generate(llm, 'atestado_medico');
    const [{ system } = { system: '' }] = prompts();
    expect(system).toContain('Siga o modelo de documento da instituição ("Atestado da clínica")');
    expect(system).toContain(
      'MODELO DO DOCUMENTO:\n<<<\nOmita a assinatura e o nome do paciente.\n# Atestado\n# Observações\nApresentar ao RH.',
    );
    expect(system).toContain('mantenha a identificação do paciente, a data e a identificação');
    // Bounded: the admin's 20,000 characters are not all sent.
    expect(system.length).toBeLessThan(TEMPLATE_LIMITS.promptChars + 2_000);
    expect(headings(document)).toEqual(['PACIENTE', 'ATESTADO', 'OBSERVAÇÕES', 'ASSINATURA']);
    expect(document).not.toContain('Sem assinatura');
    expectRequiredFields(document);

    // Deactivated, and deleted: the model is no longer given it.
    await applyAiTemplateEvent(llm.db, envelope('saved', { ...t, isActive: false }));
    fake.requests.length = 0;
    await generate(llm, 'atestado_medico');
    expect(prompts()[0]?.system).not.toContain('MODELO DO DOCUMENTO');
    await applyAiTemplateEvent(llm.db, envelope('saved', t));
    await applyAiTemplateEvent(llm.db, envelope('deleted', t));
    fake.requests.length = 0;
    const untemplated = await generate(llm, 'atestado_medico');
    expect(prompts()[0]?.system).not.toContain('MODELO DO DOCUMENTO');
    // Without a template the model's answer is the document, as before.
    expect(untemplated).toContain('ASSINATURA\nSem assinatura');
  });
});
