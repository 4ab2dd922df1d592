import { randomUUID } from 'node:crypto';
import { withTotp } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Browser, startStack } from './stack.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let admin: Browser;
beforeAll(async () => {
  stack = await startStack();
  admin = new Browser(stack.url);
  await admin.call('POST', '/auth/login', withTotp(ADMIN));
});
afterAll(() => stack.close());

const form = (subject: string) => ({
  contactEmail: 'contato@clinica.test',
  subject,
  description: 'O botão de copiar não funciona.',
  category: 'technical',
});

describe('support tickets through the gateway', () => {
  it("a signed-in user's ticket carries the user id; the admin finds it in the profile and the list", async () => {
    const user = new Browser(stack.url);
    const signUp = await user.call('POST', '/auth/register', {
      firstName: 'Clara',
      lastName: 'Suporte',
      email: `clara.${randomUUID()}@clinica.test`,
      password: 'Segredo-forte-1',
    });
    expect(signUp.status).toBe(201);
    const userId = (signUp.body.user as { id: string }).id;

    const created = await user.call('POST', '/api/support/create-ticket', form('Botão copiar'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userId, status: 'open', priority: 'medium' });

    const ofUser = await admin.call('GET', `/api/admin/support-tickets/${userId}`);
    expect(ofUser.status).toBe(200);
    expect((ofUser.body as unknown as { id: string }[]).map((t) => t.id)).toEqual([
      created.body.id,
    ]);

    const resolved = await admin.call('PUT', `/api/admin/support-tickets/${created.body.id}`, {
      status: 'resolved',
      resolution: 'Corrigido na versão atual',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));

    const list = await admin.call('GET', '/api/admin/support-tickets?status=resolved');
    expect(list.status).toBe(200);
    expect(list.body.stats).toMatchObject({ resolved: expect.any(Number) });
    expect((list.body.tickets as { id: string }[]).map((t) => t.id)).toContain(created.body.id);
  });

  it('an anonymous ticket records the address the gateway saw, not one the client claims', async () => {
    const res = await fetch(`${stack.url}/api/support/create-ticket`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.9',
        'user-agent': 'Mozilla/5.0 (Sistema)',
      },
      body: JSON.stringify(form('Sem sessão')),
    });
    expect(res.status).toBe(201);
    const ticket = (await res.json()) as Record<string, unknown>;
    expect(ticket).toMatchObject({
      userId: null,
      ipAddress: '127.0.0.1',
      userAgent: 'Mozilla/5.0 (Sistema)',
    });
  });
});
