import { randomBytes, randomUUID } from 'node:crypto';
import { createRedis } from '@pv/service-kit/runtime';
import {
  databaseRowsContaining,
  eventually,
  redisKeysContaining,
  scaled,
  testInfra,
  withTotp,
} from '@pv/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Browser, confirmEmail, startStack } from './stack.js';

// Issue 15: patient text only where it must be (item 4), erasure everywhere (item 5). The stack
// runs every consumer and the formatting worker on its own NATS; the outbox window is 1 s.
const OUTBOX_RETENTION_SECONDS = 1;
let stack: Awaited<ReturnType<typeof startStack>>;
let admin: Browser;
const redis = createRedis(testInfra.redisUrl);

beforeAll(async () => {
  stack = await startStack({
    events: true,
    env: { OUTBOX_RETENTION_SECONDS: String(OUTBOX_RETENTION_SECONDS) },
  });
  admin = new Browser(stack.url);
  await admin.call('POST', '/auth/login', withTotp(ADMIN));
}, scaled(120_000));
afterAll(async () => {
  redis.disconnect();
  await stack.close();
});

/**
 * What erasure keeps on purpose: the append-only audit trail records who of the staff saw or
 * deleted the user, by id (LGPD art. 16 II / 37; docs/audit-trail.md). It never holds their e-mail.
 */
const KEPT_BY_LAW = ['auth.audit_log'];

/** Every database of the stack (but `except`) and all of Redis where `needle` appears. */
async function placesHolding(needle: string, except: string[] = []): Promise<string[]> {
  const found: string[] = [];
  for (const [service, url] of Object.entries(stack.databases)) {
    if (except.includes(service)) continue;
    for (const table of await databaseRowsContaining(url, needle))
      if (!KEPT_BY_LAW.includes(`${service}.${table}`)) found.push(`${service}.${table}`);
  }
  for (const key of await redisKeysContaining(redis, needle)) found.push(`redis ${key}`);
  return found;
}

async function signUp(email: string): Promise<{ browser: Browser; userId: string }> {
  const browser = new Browser(stack.url);
  const res = await browser.call('POST', '/auth/register', {
    firstName: 'Clara',
    lastName: 'Privacidade',
    email,
    password: 'Segredo-forte-1',
  });
  expect(res.status).toBe(201);
  // A confirmed account (issue 23 item 1): the checkout below needs one.
  await confirmEmail(stack, email);
  return { browser, userId: (res.body.user as { id: string }).id };
}

describe('patient text goes only to the vault (issue 15 item 4)', () => {
  it(
    'a dictation with a unique word is, after the window, in no database but the vault and nowhere in Redis',
    async () => {
      const word = `zebrafinch${randomBytes(4).toString('hex')}`;
      const dictation = `Paciente refere dor lombar há três dias, piora ao esforço, relata ${word} e nega febre. Exame físico sem alterações. Conduta: analgesia e retorno em sete dias.`;
      const { browser } = await signUp(`clara.${randomUUID()}@clinica.test`);
      const signedIn = await browser.call('POST', '/api/format-text', {
        text: dictation,
        professional: 'consulta_medica',
      });
      expect(signedIn.status).toBe(200);
      const anonymous = await new Browser(stack.url).call('POST', '/api/format-text', {
        text: `${dictation} Segunda consulta.`,
        professional: 'consulta_medica',
      });
      expect(anonymous.status).toBe(200);
      const pdf = await fetch(`${stack.url}/api/generate-pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: String(signedIn.body.text), title: 'Evolução' }),
      });
      expect(pdf.status).toBe(200);
      await pdf.arrayBuffer();

      // The vault received it through the restricted stream...
      await eventually(
        async () => (await databaseRowsContaining(stack.databases.vault!, word)).length > 0,
        30_000,
      );
      // ...and, once the outbox window has passed, nothing else holds it.
      await eventually(
        async () => (await placesHolding(word, ['vault'])).length === 0,
        30_000,
      ).catch(() => undefined);
      expect(await placesHolding(word, ['vault'])).toEqual([]);
    },
    scaled(90_000),
  );
});

describe('deleting a user erases them everywhere (issue 15 item 5)', () => {
  it(
    "no database and no Redis key holds the user's e-mail or id within 60 s, and Stripe stops charging",
    async () => {
      const email = `apagar.${randomUUID()}@clinica.test`;
      const { browser, userId } = await signUp(email);
      // Leave traces in every service: a page view, a formatting, a ticket, a subscription.
      expect(
        (
          await browser.call('POST', '/api/analytics/page-view', {
            path: '/workspace',
            app: 'workspace',
          })
        ).status,
      ).toBeLessThan(300);
      expect(
        (
          await browser.call('POST', '/api/format-text', {
            text: 'Paciente com tosse seca há uma semana, sem febre.',
            professional: 'consulta_medica',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await browser.call('POST', '/api/support/create-ticket', {
            contactEmail: email,
            subject: 'Dúvida',
            description: 'Como exporto o PDF?',
            category: 'technical',
          })
        ).status,
      ).toBe(201);
      const subscription = await browser.call('POST', '/api/create-subscription');
      expect(subscription.status).toBe(200);
      const subscriptionId = String(subscription.body.subscriptionId);
      await stack.fakeStripe.payFirstInvoice(subscriptionId);
      const customerId = String(stack.fakeStripe.subscriptions.get(subscriptionId)?.customer);
      // Every projection has caught up before the delete.
      await eventually(async () => {
        const places = await placesHolding(userId);
        return ['auth', 'billing', 'analytics', 'support'].every((s) =>
          places.some((p) => p.startsWith(`${s}.`)),
        );
      }, 30_000);

      const deleted = await admin.call('DELETE', `/api/admin/users/${userId}`);
      expect(deleted.status).toBe(200);
      const started = Date.now();

      await eventually(
        async () =>
          (await placesHolding(userId)).length === 0 && (await placesHolding(email)).length === 0,
        60_000,
      ).catch(() => undefined);
      expect(await placesHolding(userId)).toEqual([]);
      expect(await placesHolding(email)).toEqual([]);
      // The trail kept the deletion, by id only.
      const authUrl = stack.databases.auth as string;
      await eventually(
        async () => (await databaseRowsContaining(authUrl, userId)).includes('audit_log'),
        30_000,
      );
      expect(await databaseRowsContaining(authUrl, email)).toEqual([]);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(stack.fakeStripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
      expect(stack.fakeStripe.customers.has(customerId)).toBe(false);
    },
    scaled(120_000),
  );
});
