import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { EventPayload, EventSubject } from '@pv/contracts';
import { createRedis, type DurableSubscription } from '@pv/service-kit';
import {
  Client,
  createTestDatabase,
  mintSession,
  startPrivateNats,
  testInfra,
  testSessionKeys,
} from '@pv/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildBillingApp } from '../src/app.js';
import { type BillingConfig, loadBillingConfig } from '../src/config.js';
import { openBilling } from '../src/runtime.js';
import { startUsageConsumer } from '../src/usage/usage-consumer.js';

export { Client };
export type Role = 'free' | 'premium' | 'admin';

export const urlOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

/**
 * The real billing service on its own database, real Redis and a NATS server of its own (so its
 * counters see only this file's events). `env` adds Stripe / Soniox settings pointing at fakes.
 */
export async function startBilling(
  env: Record<string, string> = {},
  options: { consumer?: boolean } = {},
) {
  const database = await createTestDatabase('billing');
  const nats = await startPrivateNats();
  const keys = testSessionKeys();
  const config: BillingConfig = loadBillingConfig({
    POSTGRES_URL: testInfra.postgresUrl,
    REDIS_URL: testInfra.redisUrl,
    NATS_URL: nats.url,
    BILLING_DATABASE: database.name,
    SESSION_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const runtime = await openBilling(config);
  const app = await buildBillingApp({ config, runtime, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = urlOf(app);
  const redis = createRedis(testInfra.redisUrl);
  let consumer: DurableSubscription | undefined;
  const startConsumer = async () => {
    consumer = await startUsageConsumer(
      await runtime.nats.connected(),
      runtime.db,
      config.BILLING_CONSUMER,
      runtime.log,
    );
  };
  if (options.consumer) await startConsumer();
  return {
    app,
    url,
    config,
    runtime,
    keys,
    nats,
    redis,
    async as(role: Role, userId?: string) {
      const client = new Client(url) as Client & { userId: string };
      const { token, principal } = await mintSession(keys, redis, {
        ...(userId ? { userId } : {}),
        isAdmin: role === 'admin',
        isPremium: role === 'premium',
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
    /** Takes the counters' consumer offline (its durable stays, as a stopped process's would). */
    stopConsumer: async () => {
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

export type BillingUnderTest = Awaited<ReturnType<typeof startBilling>>;
