import { randomUUID } from 'node:crypto';
import { createDb } from '@pv/service-kit/runtime';
import { eventually, scaled, withTotp } from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Browser, startStack } from './stack.js';

// Issue 17: 'storage used' counts what the user stores, across services, by events.
let stack: Awaited<ReturnType<typeof startStack>>;
let admin: Browser;

beforeAll(async () => {
  stack = await startStack({ events: true });
  admin = new Browser(stack.url);
  await admin.call('POST', '/auth/login', withTotp(ADMIN));
}, scaled(120_000));
afterAll(() => stack.close());

/** A Premium user (granted by the admin), signed in. */
async function premiumUser(): Promise<{ browser: Browser; userId: string }> {
  const email = `arquivos.${randomUUID()}@clinica.test`;
  const password = 'Segredo#forte1';
  const created = await admin.call('POST', '/api/admin/users', {
    fullName: 'Rita Arquivos',
    email,
    password,
    isPremium: true,
  });
  expect(created.status).toBe(201);
  const browser = new Browser(stack.url);
  const login = await browser.call('POST', '/auth/login', { email, password });
  expect(login.status).toBe(200);
  if (login.body.mustChangePassword)
    await browser.call('POST', '/auth/change-password', {
      currentPassword: password,
      newPassword: 'Outra#senha2',
      confirmPassword: 'Outra#senha2',
    });
  return { browser, userId: (created.body.user as { id: string }).id };
}

const storageOf = async (userId: string) => {
  const months = (await admin.call('GET', `/api/admin/usage-metrics/${userId}`))
    .body as unknown as {
    storageUsedMB: number;
    storageUsedBytes: number;
  }[];
  return months[0] ?? { storageUsedMB: 0, storageUsedBytes: 0 };
};

describe('storage used (issue 17)', () => {
  it(
    "a custom template counts in the admin's 'Uso da Plataforma', and deleting it gives it back",
    async () => {
      const { browser, userId } = await premiumUser();
      const name = 'Retorno ambulatorial';
      const content = 'Queixa, evolução, conduta e retorno em 30 dias. '.repeat(40);
      const created = await browser.call('POST', '/api/user-templates', { name, content });
      expect(created.status).toBe(201);
      const bytes = Buffer.byteLength(name) + Buffer.byteLength(content);
      const month = await eventually(async () => {
        const found = await storageOf(userId);
        return found.storageUsedBytes === bytes ? found : null;
      });
      expect(month.storageUsedMB).toBeGreaterThan(0);

      await browser.call('DELETE', `/api/user-templates/${String(created.body.id)}`);
      await eventually(async () =>
        (await storageOf(userId)).storageUsedBytes === 0 ? true : null,
      );
    },
    scaled(60_000),
  );

  it(
    "past the plan's storage limit a new template is refused with billing's message",
    async () => {
      const { browser, userId } = await premiumUser();
      // What documents would have reported for 9,999.99 MB of signed PDFs.
      const billingDb = createDb<{
        stored_bytes: { user_id: string; source: string; bytes: number; measured_at: Date };
      }>(stack.databases.billing!, 1);
      try {
        await billingDb
          .insertInto('stored_bytes')
          .values({
            user_id: userId,
            source: 'signed-documents',
            bytes: 10_000 * 1_000_000 - 10_000,
            measured_at: new Date(),
          })
          .execute();
      } finally {
        await billingDb.destroy();
      }
      const refused = await browser.call('POST', '/api/user-templates', {
        name: 'Grande',
        content: 'x'.repeat(20_000),
      });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(
        'Você atingiu o limite de armazenamento de 10000 MB do plano Premium. Exclua templates ou documentos que não usa mais para liberar espaço.',
      );
      expect((await browser.call('GET', '/api/user-templates')).body).toEqual([]);
      const small = await browser.call('POST', '/api/user-templates', { name: 'P', content: 'ok' });
      expect(small.status).toBe(201);
    },
    scaled(60_000),
  );
});
