import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventPayload, EventSubject } from '@pv/contracts';
import type { FastifyInstance } from 'fastify';
import { createRedis } from '../redis.js';
import type { ServiceRuntime } from '../runtime.js';
import type { Principal } from '../session.js';
import { Client } from './http-client.js';
import { createTestDatabase, testInfra, testSessionKeys } from './infra.js';
import { startPrivateNats } from './private-nats.js';
import { mintSession } from './sessions.js';

export type TestRole = 'free' | 'premium' | 'admin';

/** The base URL of an app listening on loopback. */
export function urlOf(app: FastifyInstance): string {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** What differs between services; everything else a service test needs is the same. */
export interface ServiceUnderTestSpec<Config, DB> {
  /** Prefix of the throwaway database's name, e.g. 'billing'. */
  name: string;
  /** The variable naming the service's database, e.g. 'BILLING_DATABASE'. */
  databaseVariable: string;
  loadConfig: (env: Record<string, string>) => Config;
  open: (config: Config) => Promise<ServiceRuntime<DB>>;
  build: (config: Config, runtime: ServiceRuntime<DB>) => Promise<FastifyInstance>;
  /** The service's durable consumer, started on demand (tests take it offline and back). */
  consumer?: (
    nc: NatsConnection,
    runtime: ServiceRuntime<DB>,
    config: Config,
  ) => Promise<{ stop(): Promise<void> }>;
  /** Settings of this test file (fakes' URLs, secrets, limits), over the test infrastructure's. */
  env?: Record<string, string>;
  /** Start the consumer before returning. */
  startConsumer?: boolean;
  /**
   * For a stack of several services (tests/system): the test infrastructure's NATS shared by all
   * of them instead of a private server, and one session key pair that all of them verify.
   */
  shared?: { nats: true; keys: { publicKey: string; privateKey: string } };
}

/**
 * The real service on its own throwaway database, the real Redis and a NATS server of its own
 * (so its consumer sees only this file's events), listening on a free port.
 * @example
 *   const svc = await startServiceUnderTest({ name: 'support', databaseVariable: 'SUPPORT_DATABASE',
 *     loadConfig: loadSupportConfig, open: openSupport,
 *     build: (config, runtime) => buildSupportApp({ config, runtime, logger: false }) });
 *   const admin = await svc.as('admin');
 *   await svc.close();
 */
export async function startServiceUnderTest<Config, DB>(spec: ServiceUnderTestSpec<Config, DB>) {
  const database = await createTestDatabase(spec.name);
  const nats = spec.shared
    ? { url: testInfra.natsUrl, stop: async () => undefined }
    : await startPrivateNats();
  const keys = spec.shared?.keys ?? testSessionKeys();
  const config = spec.loadConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: nats.url,
    [spec.databaseVariable]: database.name,
    SESSION_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'silent',
    ...spec.env,
  });
  const runtime = await spec.open(config);
  const app = await spec.build(config, runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = urlOf(app);
  const redis = createRedis(testInfra.redisUrl);

  let consumer: { stop(): Promise<void> } | undefined;
  const startConsumer = async () => {
    if (!spec.consumer) throw new Error(`${spec.name} has no consumer`);
    consumer = await spec.consumer(await runtime.nats.connected(), runtime, config);
  };
  if (spec.startConsumer) await startConsumer();

  return {
    app,
    url,
    config,
    runtime,
    db: runtime.db,
    keys,
    nats,
    redis,
    /**
     * A client with a fresh session of the given role (a new user unless `userId` is given);
     * `session` overrides fields of the session record (e.g. `{ emailVerified: false }`).
     */
    async as(
      role: TestRole,
      userId?: string,
      headers: Record<string, string> = {},
      session: Partial<Principal> = {},
    ) {
      const client = new Client(url, headers) as Client & { userId: string };
      const { token, principal } = await mintSession(keys, redis, {
        ...(userId ? { userId } : {}),
        isAdmin: role === 'admin',
        isPremium: role === 'premium',
        ...session,
      });
      client.cookie = `pv_session=${token}`;
      client.userId = principal.userId;
      return client;
    },
    /** Publishes an event into the stream as another service's outbox relay would. */
    async emit<S extends EventSubject>(
      subject: S,
      payload: EventPayload<S>,
      occurredAt = new Date(),
    ) {
      const nc = await runtime.nats.connected();
      const envelope = { id: randomUUID(), subject, occurredAt: occurredAt.toISOString(), payload };
      await jetstream(nc).publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
      return envelope;
    },
    startConsumer,
    /** Takes the consumer offline (its durable stays, as a stopped process's would). */
    async stopConsumer() {
      await consumer?.stop();
      consumer = undefined;
    },
    async close() {
      await consumer?.stop();
      await app.close();
      redis.disconnect();
      await runtime.close();
      await nats.stop();
      await database.drop();
    },
  };
}

export type ServiceUnderTest = Awaited<ReturnType<typeof startServiceUnderTest>>;
