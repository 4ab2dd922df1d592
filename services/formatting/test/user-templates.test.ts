import { randomBytes } from 'node:crypto';
import type { StorageChangedPayload } from '@pv/contracts';
import { connectNats } from '@pv/service-kit/events';
import { eventually } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, type FormattingUnderTest, startFormatting } from './harness.js';

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

  it("every change tells billing the user's template bytes (usage.storage.changed.v1, issue 17)", async () => {
    const nc = await connectNats(svc.config.NATS_URL, 'test-template-storage');
    const events = await collectEvents(nc, `test-tpl-storage-${randomBytes(4).toString('hex')}`, [
      'usage.storage.changed.v1',
    ]);
    try {
      const premium = await svc.as('premium');
      const totals = async (count: number) =>
        (
          await eventually(async () => {
            const mine = events.received.filter(
              (e) => (e.payload as StorageChangedPayload).userId === premium.userId,
            );
            return mine.length >= count ? mine : null;
          })
        ).map((e) => e.payload as StorageChangedPayload);
      const a = await premium.post('/api/user-templates', {
        name: 'Ação',
        content: 'ç'.repeat(10),
      });
      await premium.post('/api/user-templates', { name: 'B', content: 'bb' });
      // UTF-8 bytes: 'Ação' is 6, ten 'ç' are 20.
      expect((await totals(2)).map((p) => [p.source, p.bytes])).toEqual([
        ['custom-templates', 26],
        ['custom-templates', 29],
      ]);
      await premium.put(`/api/user-templates/${String(a.body.id)}`, { content: 'c' });
      await premium.delete(`/api/user-templates/${String(a.body.id)}`);
      expect((await totals(4)).slice(2).map((p) => p.bytes)).toEqual([10, 3]);
    } finally {
      await events.stop();
      await nc.close();
    }
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
