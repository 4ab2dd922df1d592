import { randomBytes } from 'node:crypto';
import { confirmationTokenOf, type FakeSmtp, startFakeSmtp } from '@pv/provider-fakes';
import {
  Client,
  collectEvents,
  startServiceUnderTest,
  TEST_ADMIN_TOTP_SECRET,
  testSessionKeys,
  withTotp,
} from '@pv/service-kit/testing';
import { buildAuthApp } from '../src/app.js';
import { loadAuthConfig } from '../src/config.js';
import { startAuditConsumer } from '../src/events/audit-consumer.js';
import { startSubscriptionConsumer } from '../src/events/subscription-consumer.js';
import { openAuth } from '../src/runtime.js';

export { Client, collectEvents };

export const ADMIN = { email: 'chefe@clinica.test', password: 'Adm1n!segura' };
export const ORIGIN = 'http://localhost:8080';

/**
 * The real auth service (the kit's service under test) on its own fresh database, a NATS server
 * of its own and the real Redis, its keys under a prefix of its own. Auth signs sessions, so it
 * gets a key pair of this file's and no `as(role)`: its callers sign in for real.
 */
export async function startAuth(
  env: Record<string, string> = {},
  options: { consumer?: boolean } = {},
) {
  const keys = testSessionKeys();
  // A real SMTP peer: the mail auth sends is read back from it (issue 23 item 1).
  const mail = await startFakeSmtp();
  const redisKeyPrefix = `pv:test:auth:${randomBytes(5).toString('hex')}:`;
  const { as: _mintedSessionsDoNotApply, ...service } = await startServiceUnderTest({
    name: 'auth',
    databaseVariable: 'AUTH_DATABASE',
    loadConfig: loadAuthConfig,
    open: openAuth,
    build: (config, runtime) => buildAuthApp({ config, runtime, logger: false, redisKeyPrefix }),
    // Both durable consumers of auth, as its server starts them.
    consumer: async (nc, runtime) => {
      const consumers = [
        await startSubscriptionConsumer(nc, runtime),
        await startAuditConsumer(nc, runtime),
      ];
      return { stop: async () => void (await Promise.all(consumers.map((c) => c.stop()))) };
    },
    env: {
      SESSION_PUBLIC_KEY: keys.publicKey,
      SESSION_PRIVATE_KEY: keys.privateKey,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_TOTP_SECRET: TEST_ADMIN_TOTP_SECRET,
      PUBLIC_ORIGINS: ORIGIN,
      SMTP_URL: mail.url,
      ...env,
    },
    startConsumer: options.consumer ?? false,
  });
  return {
    ...service,
    keys,
    mail,
    async close() {
      const stale = await service.redis.keys(`${redisKeyPrefix}*`);
      if (stale.length > 0) await service.redis.del(...stale);
      await service.close();
      await mail.close();
    },
  };
}

export type AuthUnderTest = Awaited<ReturnType<typeof startAuth>>;

/** The admin's sign-in with the authenticator's current code (the console needs it). */
export const adminLogin = (client: Client) =>
  client.login(ADMIN.email, ADMIN.password, withTotp({}));

/** A client signed in as the seeded admin, console unlocked. */
export async function signedInAdmin(baseUrl: string): Promise<Client> {
  const admin = new Client(baseUrl);
  await adminLogin(admin);
  return admin;
}

let counter = 0;
/** A unique, realistic test email. */
export const uniqueEmail = (who = 'medica') =>
  `${who}.${Date.now().toString(36)}${counter++}@clinica.test`;

/** Registers a free user through the simple sign-up and returns a signed-in client. */
export async function newUser(baseUrl: string, password = 'senha-boa-1') {
  const client = new Client(baseUrl);
  const email = uniqueEmail();
  const result = await client.post('/auth/register', {
    firstName: 'Ana',
    lastName: 'Souza',
    email,
    password,
  });
  if (result.status !== 201) throw new Error(`register failed: ${JSON.stringify(result.body)}`);
  return { client, email, password, id: (result.body.user as { id: string }).id };
}

/**
 * Confirms an account's e-mail through the real flow: the link auth mailed to `email` (read from
 * the SMTP catcher) posted as the workspace's confirmation page does.
 */
export async function confirmEmail(baseUrl: string, mail: FakeSmtp, email: string) {
  const message = await mail.waitForMail(email);
  const confirmed = await new Client(baseUrl).post('/auth/email/confirm', {
    token: confirmationTokenOf(message),
  });
  if (confirmed.status !== 200)
    throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
}
