import {
  Client,
  collectEvents,
  createTestDatabase,
  testInfra,
  testSessionKeys,
} from '@pv/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildAuthApp } from '../src/app.js';
import { type AuthConfig, loadAuthConfig } from '../src/config.js';
import { openAuth } from '../src/runtime.js';

export { Client, collectEvents };

export const ADMIN = { email: 'chefe@clinica.test', password: 'Adm1n!segura' };
export const ORIGIN = 'http://localhost:8080';

export interface AuthUnderTest {
  app: FastifyInstance;
  url: string;
  config: AuthConfig;
  runtime: Awaited<ReturnType<typeof openAuth>>['runtime'];
  keys: { publicKey: string; privateKey: string };
  close(): Promise<void>;
}

/**
 * The real auth service on its own fresh database, listening on an ephemeral port, with real
 * Redis and NATS. Each test file gets one.
 */
export async function startAuth(env: Record<string, string> = {}): Promise<AuthUnderTest> {
  const database = await createTestDatabase('auth');
  const keys = testSessionKeys();
  const config = loadAuthConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: testInfra.natsUrl,
    AUTH_DATABASE: database.name,
    SESSION_PUBLIC_KEY: keys.publicKey,
    SESSION_PRIVATE_KEY: keys.privateKey,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const { runtime, deps } = await openAuth(config);
  const app = await buildAuthApp({
    deps,
    readiness: runtime.readiness,
    publicOrigins: ORIGIN,
    trustProxy: 'loopback',
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    runtime,
    keys,
    async close() {
      await app.close();
      await runtime.close();
      await database.drop();
    },
  };
}

/** A client signed in as the seeded admin. */
export async function signedInAdmin(baseUrl: string): Promise<Client> {
  const admin = new Client(baseUrl);
  await admin.login(ADMIN.email, ADMIN.password);
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
