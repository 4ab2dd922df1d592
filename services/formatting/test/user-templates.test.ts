import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormattingUnderTest, startFormatting } from './harness.js';

let svc: FormattingUnderTest;
beforeAll(async () => {
  svc = await startFormatting();
});
afterAll(() => svc.close());

describe('/api/user-templates', () => {
  it('a Premium user creates, lists, edits and deletes their templates', async () => {
    const premium = await svc.as('premium');
    const created = await premium.post('/api/user-templates', {
      name: 'Retorno HAS',
      content: 'Foco em adesão e PA.',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    expect((await premium.get('/api/user-templates')).body).toEqual([
      expect.objectContaining({ id, name: 'Retorno HAS', content: 'Foco em adesão e PA.' }),
    ]);
    expect(
      (await premium.put(`/api/user-templates/${id}`, { content: 'Novo conteúdo' })).body,
    ).toMatchObject({
      content: 'Novo conteúdo',
    });
    expect((await premium.delete(`/api/user-templates/${id}`)).body.message).toBe(
      'Template excluído com sucesso',
    );
    expect((await premium.get('/api/user-templates')).body).toEqual([]);
  });

  it('a free user gets a clear message when creating', async () => {
    const free = await svc.as('free');
    const res = await free.post('/api/user-templates', { name: 'x', content: 'y' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Templates personalizados são exclusivos do plano Premium. Faça o upgrade para criar os seus.',
    );
    expect((await free.get('/api/user-templates')).body).toEqual([]);
  });

  it("never shows or changes another user's template", async () => {
    const owner = await svc.as('premium');
    const other = await svc.as('premium');
    const id = String(
      (await owner.post('/api/user-templates', { name: 'Meu', content: 'segredo' })).body.id,
    );
    expect((await other.get('/api/user-templates')).body).toEqual([]);
    const edit = await other.put(`/api/user-templates/${id}`, { name: 'Roubado' });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('Template personalizado não encontrado.');
    expect((await other.delete(`/api/user-templates/${id}`)).status).toBe(404);
    expect((await owner.get('/api/user-templates')).body).toEqual([
      expect.objectContaining({ name: 'Meu' }),
    ]);
  });

  it('anonymous callers are refused', async () => {
    expect((await (await svc.as('anonymous')).get('/api/user-templates')).status).toBe(401);
  });
});
