import { Messages } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';

// The kit parses JSON bodies itself (an empty body is no body); it must still refuse the keys that
// poison prototypes, as Fastify's own parser does, before any handler can merge the body.

let app: Awaited<ReturnType<typeof createServiceApp>>;
const merged: Record<string, unknown>[] = [];

beforeAll(async () => {
  app = await createServiceApp({ name: 'kit-json-body', logger: false });
  app.post('/settings', async (request) => {
    // What a careless handler does: copy every key of the body onto an object.
    const target: Record<string, unknown> = {};
    const copy = (into: Record<string, unknown>, from: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(from)) {
        if (value && typeof value === 'object') {
          into[key] ??= {};
          copy(into[key] as Record<string, unknown>, value as Record<string, unknown>);
        } else into[key] = value;
      }
    };
    copy(target, (request.body ?? {}) as Record<string, unknown>);
    merged.push(target);
    return { ok: true };
  });
});
afterAll(() => app.close());

async function post(payload: string) {
  return app.inject({
    method: 'POST',
    url: '/settings',
    headers: { 'content-type': 'application/json' },
    payload,
  });
}

describe('a JSON body', () => {
  it.each([
    ['__proto__', '{"theme":"dark","__proto__":{"isAdmin":true}}'],
    ['nested __proto__', '{"a":{"b":{"__proto__":{"isAdmin":true}}}}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ])('with %s is refused and pollutes nothing', async (_name, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON', message: Messages.invalidJson });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('isAdmin');
  });

  it('with ordinary keys (constructor as plain data too) is taken', async () => {
    const res = await post('{"theme":"dark","constructor":"Ana","nested":{"prototype":1}}');
    expect(res.statusCode).toBe(200);
    expect(merged.at(-1)).toEqual({ theme: 'dark', constructor: 'Ana', nested: { prototype: 1 } });
  });

  it('that is empty is no body, and malformed JSON is the pt-BR 400', async () => {
    expect((await post('')).statusCode).toBe(200);
    const res = await post('{"theme":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON', message: Messages.invalidJson });
  });
});
