import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type FormattingUnderTest, startFormatting } from './harness.js';

let svc: FormattingUnderTest;
let admin: Client;
beforeAll(async () => {
  svc = await startFormatting();
  admin = await svc.as('admin');
});
afterAll(() => svc.close());

type Item = Record<string, unknown> & { id: string };

const TEMPLATE_SPECIALTY_MESSAGE =
  'Informe uma especialidade válida da lista: medico_familia, medico_familia_personalizado, medico_ambulatorio, medico_trabalho, enfermeira, tecnico_enfermagem, nutricionista, assistente_social, psiquiatria ou psicoterapia.';

describe('admin templates (/api/admin/templates)', () => {
  it('creates, lists, edits and deletes a professional template', async () => {
    const created = await admin.post('/api/admin/templates', {
      professional: 'medico_trabalho',
      name: 'ASO admissional',
      prompt: 'Redija o ASO com foco em riscos ocupacionais.',
    });
    expect(created.status).toBe(201);
    const id = (created.body as Item).id;
    expect((await admin.get('/api/admin/templates')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, name: 'ASO admissional' })]),
    );
    const edited = await admin.put(`/api/admin/templates/${id}`, { name: 'ASO periódico' });
    expect(edited.body).toMatchObject({ name: 'ASO periódico', professional: 'medico_trabalho' });
    const removed = await admin.delete(`/api/admin/templates/${id}`);
    expect(removed.body.message).toBe('Template excluído com sucesso');
    const again = await admin.delete(`/api/admin/templates/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Template não encontrado.');
  });

  it.each([
    [{ name: 'x', prompt: 'y' }, TEMPLATE_SPECIALTY_MESSAGE],
    [{ professional: 'dentista', name: 'x', prompt: 'y' }, TEMPLATE_SPECIALTY_MESSAGE],
    // Templates have ten specialties: not consulta_medica, nor a prescription kind.
    [{ professional: 'consulta_medica', name: 'x', prompt: 'y' }, TEMPLATE_SPECIALTY_MESSAGE],
    [{ professional: 'prescricao_controlada', name: 'x', prompt: 'y' }, TEMPLATE_SPECIALTY_MESSAGE],
    [{ professional: 'enfermeira', name: '  ', prompt: 'y' }, 'Informe o nome do template.'],
    [{ professional: 'enfermeira', name: 'x' }, 'Informe o prompt do template.'],
  ])('validates %j', async (body, message) => {
    const res = await admin.post('/api/admin/templates', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('medical terms (/api/admin/medical-terms)', () => {
  it('requires the term, accepts no category, and refuses a duplicate', async () => {
    expect((await admin.post('/api/admin/medical-terms', { term: '' })).body.message).toBe(
      'Informe o termo.',
    );
    const created = await admin.post('/api/admin/medical-terms', { term: 'Dipirona' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ term: 'Dipirona', category: null });
    const dup = await admin.post('/api/admin/medical-terms', {
      term: 'dipirona',
      category: 'medication',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Este termo já está cadastrado.');
    const bad = await admin.post('/api/admin/medical-terms', {
      term: 'Losartana',
      category: 'remedio',
    });
    expect(bad.body.message).toBe(
      'Categoria inválida: use doença, medicamento, exame, sintoma ou procedimento.',
    );
  });
});

describe('system instructions (/api/admin/system-instructions)', () => {
  it('orders by display order and falls back to 0', async () => {
    const second = await admin.post('/api/admin/system-instructions', {
      title: 'B',
      content: 'Use linguagem técnica.',
      displayOrder: 2,
    });
    const first = await admin.post('/api/admin/system-instructions', {
      title: 'A',
      content: 'Nunca invente dados.',
      displayOrder: null,
    });
    expect(first.body).toMatchObject({ displayOrder: 0, isActive: true });
    const list = (await admin.get('/api/admin/system-instructions')).body as unknown as Item[];
    expect(list.map((i) => i.id)).toEqual([(first.body as Item).id, (second.body as Item).id]);
  });

  it('validates title, content and display order', async () => {
    expect(
      (await admin.post('/api/admin/system-instructions', { title: ' ', content: 'x' })).body
        .message,
    ).toBe('Informe o título da instrução.');
    expect(
      (await admin.post('/api/admin/system-instructions', { title: 'x', content: '' })).body
        .message,
    ).toBe('Informe o conteúdo da instrução.');
    expect(
      (
        await admin.post('/api/admin/system-instructions', {
          title: 'x',
          content: 'y',
          displayOrder: -1,
        })
      ).body.message,
    ).toBe('A ordem de exibição deve ser um número inteiro maior ou igual a 0.');
  });
});

describe('AI templates (/api/ai-templates)', () => {
  it('defaults the type to professional_prompt and refuses a duplicate key', async () => {
    const created = await admin.post('/api/ai-templates', {
      templateKey: 'soap',
      name: 'SOAP',
      prompt: 'Use SOAP.',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      templateType: 'professional_prompt',
      isActive: true,
      isSystemDefault: false,
    });
    const dup = await admin.post('/api/ai-templates', {
      templateKey: 'soap',
      name: 'Outro',
      prompt: 'x',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Já existe um template de IA com esta chave.');
    const badType = await admin.post('/api/ai-templates', {
      templateKey: 'k2',
      name: 'n',
      prompt: 'p',
      templateType: 'x',
    });
    expect(badType.status).toBe(400);
  });
});

describe('authorization of the admin lists', () => {
  it.each(['anonymous', 'free', 'premium'] as const)(
    '%s cannot read or write them',
    async (role) => {
      const client = await svc.as(role);
      for (const path of [
        '/api/admin/templates',
        '/api/admin/medical-terms',
        '/api/admin/system-instructions',
        '/api/ai-templates',
      ]) {
        const read = await client.get(path);
        expect(read.status).toBe(role === 'anonymous' ? 401 : 403);
        const write = await client.post(path, {});
        expect(write.status).toBe(role === 'anonymous' ? 401 : 403);
      }
    },
  );
});
