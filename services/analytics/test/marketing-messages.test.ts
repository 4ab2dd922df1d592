import { randomUUID } from 'node:crypto';
import { AnalyticsMessages, type MarketingMessage } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayOrderOf } from '../src/marketing/marketing-message.service.js';
import { type AnalyticsUnderTest, startAnalytics } from './harness.js';

let analytics: AnalyticsUnderTest;
let admin: Awaited<ReturnType<AnalyticsUnderTest['as']>>;
const path = '/api/admin/marketing-messages';

beforeAll(async () => {
  analytics = await startAnalytics();
  admin = await analytics.as('admin');
});
afterAll(() => analytics.close());

const create = async (body: Record<string, unknown>) => {
  const res = await admin.post(path, body);
  expect(res.status).toBe(201);
  return res.body as unknown as MarketingMessage;
};
const promotions = async (query = '') => {
  const res = await analytics.anonymous().get(`/api/marketing-messages${query}`);
  expect(res.status).toBe(200);
  return res.body as unknown as { id: string; title: string; message: string }[];
};

describe('default promotions', () => {
  it('a fresh install has pt-BR sign-up and premium promotions', async () => {
    const signup = await promotions('?type=signup');
    const premium = await promotions('?type=premium');
    expect(signup.map((p) => p.title)).toEqual([
      'Crie sua conta gratuita',
      'Seu prontuário em minutos',
    ]);
    expect(premium.map((p) => p.title)).toEqual([
      'Conheça o Premium',
      'Mais tempo de Super Transcritor',
    ]);
    expect(Object.keys(signup[0]!).sort()).toEqual(['id', 'message', 'title']);
  });
});

describe('admin marketing messages', () => {
  it('creates with the spec fields and defaults (type signup, active, order 0)', async () => {
    const created = await create({ title: '  Oferta  ', message: 'Assine já' });
    expect(created).toMatchObject({
      type: 'signup',
      title: 'Oferta',
      message: 'Assine já',
      displayOrder: 0,
      isActive: true,
    });
    expect(created.createdAt).toBe(created.updatedAt);
    const list = (await admin.get(path)).body as unknown as MarketingMessage[];
    expect(list.find((m) => m.id === created.id)).toEqual(created);
  });

  it.each([
    [undefined, 0],
    [null, 0],
    ['', 0],
    ['abc', 0],
    [-3, 0],
    ['7', 7],
    [3, 3],
    [2.9, 2],
  ])('displayOrder %j is stored as %i (falls back to 0)', async (displayOrder, expected) => {
    const body: Record<string, unknown> = { title: 'T', message: 'M', type: 'premium' };
    if (displayOrder !== undefined) body.displayOrder = displayOrder;
    expect((await create(body)).displayOrder).toBe(expected);
  });

  it('refuses missing or blank title and message, and an unknown type, in pt-BR', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ message: 'M' }, 'Informe o título da mensagem.'],
      [{ title: '   ', message: 'M' }, 'Informe o título da mensagem.'],
      [{ title: 'T' }, 'Informe o texto da mensagem.'],
      [{ title: 'T', message: '' }, 'Informe o texto da mensagem.'],
      [
        { title: 'T', message: 'M', type: 'free' },
        'Tipo de mensagem inválido: use signup (visitantes sem conta) ou premium (usuários do plano gratuito).',
      ],
    ];
    const before = ((await admin.get(path)).body as unknown as unknown[]).length;
    for (const [body, message] of cases) {
      const res = await admin.post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(((await admin.get(path)).body as unknown as unknown[]).length).toBe(before);
  });

  it('edits only the fields sent and deletes; an unknown id answers 404 in pt-BR', async () => {
    const created = await create({ title: 'Antes', message: 'Texto', displayOrder: 4 });
    const edited = await admin.put(`${path}/${created.id}`, { title: 'Depois', isActive: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Depois',
      message: 'Texto',
      displayOrder: 4,
      isActive: false,
    });
    const reordered = await admin.put(`${path}/${created.id}`, { displayOrder: 'x' });
    expect(reordered.body).toMatchObject({ displayOrder: 0 });
    const blank = await admin.put(`${path}/${created.id}`, { message: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Informe o texto da mensagem.');

    const removed = await admin.delete(`${path}/${created.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Mensagem de marketing excluída com sucesso' });
    for (const res of [
      await admin.delete(`${path}/${created.id}`),
      await admin.put(`${path}/${randomUUID()}`, { title: 'X' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Mensagem de marketing não encontrada.');
    }
    const notAnId = await admin.put(`${path}/123`, { title: 'X' });
    expect(notAnId.status).toBe(400);
  });
});

describe('GET /api/marketing-messages (public)', () => {
  it('lists only active messages of the type, by displayOrder then creation; signup by default', async () => {
    await analytics.runtime.db.deleteFrom('marketing_messages').execute();
    const late = await create({
      type: 'premium',
      title: 'P-ordem1-b',
      message: 'm',
      displayOrder: 1,
    });
    const first = await create({
      type: 'premium',
      title: 'P-ordem0',
      message: 'm',
      displayOrder: 0,
    });
    const early = await create({
      type: 'premium',
      title: 'P-ordem1-a',
      message: 'm',
      displayOrder: 1,
    });
    await create({ type: 'premium', title: 'P-inativa', message: 'm', isActive: false });
    const signup = await create({ title: 'S', message: 'convite' });
    // Same displayOrder: creation order decides (late was created before early).
    expect((await promotions('?type=premium')).map((p) => p.id)).toEqual([
      first.id,
      late.id,
      early.id,
    ]);
    expect(await promotions()).toEqual([{ id: signup.id, title: 'S', message: 'convite' }]);
    expect(await promotions('?type=signup')).toEqual(await promotions());

    const bad = await analytics.anonymous().get('/api/marketing-messages?type=gratis');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(AnalyticsMessages.invalidMessageType);
  });

  it('displayOrderOf: numeric, whole, 0 or more, else 0', () => {
    expect(displayOrderOf('12abc')).toBe(12);
    expect(displayOrderOf(Number.NaN)).toBe(0);
    expect(displayOrderOf(Number.POSITIVE_INFINITY)).toBe(0);
    expect(displayOrderOf(true)).toBe(0);
    expect(displayOrderOf({})).toBe(0);
  });
});
