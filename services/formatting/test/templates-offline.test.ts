import type { FormatTextResponse } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormattingUnderTest, startFormatting } from './harness.js';

// Issue 13 item 3 through the service: custom templates, the admin's specialty templates, system
// instructions and the 'Templates IA' tab shape the offline note; a lapsed Premium loses the
// custom template with the upgrade message.

const DICTATION =
  'Paciente Roberto Almeida, 58 anos. Refere insônia há três meses. Ao exame: PA 130 por 85. ' +
  'Penso em insônia inicial. Vou prescrever melatonina 3 mg à noite. Retorno em trinta dias.';

const headings = (body: FormatTextResponse) => body.formatted?.sections.map((s) => s.heading);
const content = (body: FormatTextResponse, heading: string) =>
  body.formatted?.sections.find((s) => s.heading === heading)?.content ?? '';

let svc: FormattingUnderTest;
beforeAll(async () => {
  svc = await startFormatting();
});
afterAll(() => svc.close());

describe('custom templates offline', () => {
  it("a Premium user's template headings become the note's sections, each fact in its place", async () => {
    const premium = await svc.as('premium');
    const id = String(
      (
        await premium.post('/api/user-templates', {
          name: 'SOAP',
          content: 'Subjetivo:\nObjetivo:\nAvaliação:\nPlano:',
        })
      ).body.id,
    );
    const res = await premium.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      customTemplateId: id,
    });
    expect(res.status).toBe(200);
    const body = res.body as unknown as FormatTextResponse;
    expect(headings(body)).toEqual(['Subjetivo', 'Objetivo', 'Avaliação', 'Plano']);
    expect(content(body, 'Subjetivo')).toMatch(/insônia há três meses/i);
    expect(content(body, 'Objetivo')).toMatch(/130/);
    expect(content(body, 'Avaliação')).toMatch(/insônia inicial/i);
    expect(content(body, 'Plano')).toMatch(/melatonina 3 mg/i);
    expect(body.formatted?.patientData.name).toBe('Roberto Almeida');
    expect(body.text).toContain('SUBJETIVO');
  });

  it('stops working when Premium lapses, with the upgrade message, and works again after', async () => {
    const premium = await svc.as('premium');
    const id = String(
      (await premium.post('/api/user-templates', { name: 'T', content: 'Queixa:\nConduta:' })).body
        .id,
    );
    const lapsed = await svc.as('free', premium.userId);
    const refused = await lapsed.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      customTemplateId: id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PREMIUM_REQUIRED');
    expect(refused.body.message).toBe(
      'Seu plano Premium não está ativo: templates personalizados são exclusivos do Premium. Assine o Premium novamente para usar seus templates, ou formate sem template.',
    );
    // Without the template the same user still formats, and the template was kept.
    const plain = await lapsed.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
    });
    expect(plain.status).toBe(200);
    expect((await lapsed.get('/api/user-templates')).body).toEqual([
      expect.objectContaining({ id }),
    ]);
    const renewed = await svc.as('premium', premium.userId);
    const again = await renewed.post('/api/format-text', {
      text: DICTATION,
      professional: 'consulta_medica',
      customTemplateId: id,
    });
    expect(again.status).toBe(200);
    // What fits neither heading is kept under a last catch-all section, never dropped.
    expect(headings(again.body as unknown as FormatTextResponse)).toEqual([
      'Queixa',
      'Conduta',
      'Outras informações',
    ]);
  });
});

describe("the admin's content offline", () => {
  it('a specialty template with headings and the system instructions shape the note', async () => {
    const admin = await svc.as('admin');
    const template = await admin.post('/api/admin/templates', {
      professional: 'medico_ambulatorio',
      name: 'Ambulatório SOAP',
      prompt: 'S:\nO:\nA:\nP:',
    });
    expect(template.status).toBe(201);
    const instruction = await admin.post('/api/admin/system-instructions', {
      title: 'Nomes',
      content: "Renomear 'P' para 'Plano terapêutico'\nSeções obrigatórias: Alergias",
    });
    expect(instruction.status).toBe(201);
    const res = await (await svc.as('free')).post('/api/format-text', {
      text: DICTATION,
      professional: 'medico_ambulatorio',
    });
    const body = res.body as unknown as FormatTextResponse;
    expect(headings(body)).toEqual(['S', 'O', 'A', 'Plano terapêutico', 'Alergias']);
    expect(content(body, 'Plano terapêutico')).toMatch(/melatonina 3 mg/i);
    expect(content(body, 'Alergias')).toBe('Não informado');
    await admin.delete(`/api/admin/system-instructions/${String(instruction.body.id)}`);
    await admin.delete(`/api/admin/templates/${String(template.body.id)}`);
  });

  it("the 'Templates IA' tab: a formatting prompt keyed by the specialty and system instructions apply; a document template does not", async () => {
    const admin = await svc.as('admin');
    const created = [
      await admin.post('/api/ai-templates', {
        templateKey: 'nutricionista',
        templateType: 'formatting_prompt',
        name: 'Nutrição resumida',
        prompt: 'Avaliação:\nConduta nutricional:',
      }),
      await admin.post('/api/ai-templates', {
        templateKey: 'ordem-nutri',
        templateType: 'system_instruction',
        name: 'Ordem',
        prompt: 'Ordem das seções: Conduta nutricional, Avaliação',
      }),
      await admin.post('/api/ai-templates', {
        templateKey: 'atestado_medico',
        templateType: 'document_template',
        name: 'Atestado',
        prompt: 'Atestado:\nDias:',
      }),
    ];
    for (const res of created) expect(res.status).toBe(201);
    const user = await svc.as('free');
    const nutrition = (
      await user.post('/api/format-text', { text: DICTATION, professional: 'nutricionista' })
    ).body as unknown as FormatTextResponse;
    expect(headings(nutrition)?.slice(0, 2)).toEqual(['Conduta nutricional', 'Avaliação']);
    const family = (
      await user.post('/api/format-text', { text: DICTATION, professional: 'medico_familia' })
    ).body as unknown as FormatTextResponse;
    expect(headings(family)).not.toContain('Atestado');
    // An inactive AI template changes nothing.
    await admin.put(`/api/ai-templates/${String(created[0]?.body.id)}`, { isActive: false });
    await admin.put(`/api/ai-templates/${String(created[1]?.body.id)}`, { isActive: false });
    const plain = (
      await user.post('/api/format-text', { text: DICTATION, professional: 'nutricionista' })
    ).body as unknown as FormatTextResponse;
    expect(headings(plain)).not.toContain('Conduta nutricional');
  });
});
