// The Redis ACL generated from the catalog, loaded by a real redis-server and exercised by the real
// code of each process: BullMQ producers and workers, session reads, rate limits, KEDA's reads.
// Each process works with its own user and is refused everything outside its keys.
import { randomBytes } from 'node:crypto';
import { buildGatewayApp, loadGatewayConfig } from '@pv/gateway';
import { type Principal, RateLimiter, SessionStore } from '@pv/service-kit/http';
import { defineJob, handleJob, JobQueue, startWorker } from '@pv/service-kit/jobs';
import { PROCESSES, redisAclFile } from '@pv/stack/catalog';
import { Type } from '@sinclair/typebox';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateRedis, REDIS_SERVER, startPrivateRedis } from './private-redis.js';

const passwords = new Map<string, string>();
const password = (user: string) => {
  if (!passwords.has(user)) passwords.set(user, randomBytes(16).toString('hex'));
  return passwords.get(user)!;
};
const ADMIN = 'test-admin';
let redis: PrivateRedis;
let admin: Redis;
const clients: Redis[] = [];

/** An ioredis client logged in as a catalog user. */
function as(user: string): Redis {
  // KEDA's client never asks INFO (ioredis's ready check does), and its user may not.
  const client = new Redis(redis.url(user, password(user)), {
    maxRetriesPerRequest: 1,
    enableReadyCheck: user !== 'keda',
  });
  clients.push(client);
  return client;
}

const noPermission = /NOPERM/;

// The shared Redis runs without users; this needs a redis-server binary of its own (Debian:
// redis-server), which `npm start` and `npm test` install where they can.
const run = REDIS_SERVER ? describe : describe.skip;

beforeAll(async () => {
  if (!REDIS_SERVER) return;
  const acl = `${redisAclFile(password)}user ${ADMIN} on >${password(ADMIN)} ~* &* +@all\n`;
  redis = await startPrivateRedis(acl);
  admin = as(ADMIN);
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis?.stop();
});

const EchoJob = defineJob({
  queue: 'formatting',
  name: 'echo',
  payloadSchema: Type.Object({ text: Type.String() }),
  resultSchema: Type.Object({ text: Type.String() }),
});

async function roundTrip(queueName: string, producer: string, worker: string) {
  const log = pino({ level: 'silent' });
  let seenTypes: Record<string, string> = {};
  const running = startWorker({
    queue: queueName,
    redisUrl: redis.url(worker, password(worker)),
    concurrency: 1,
    log,
    jobs: [
      handleJob({ ...EchoJob, queue: queueName }, async ({ text }) => {
        // While a job runs BullMQ holds it in the active list, next to the wait list KEDA reads.
        seenTypes = {
          wait: await admin.type(`bull:${queueName}:wait`),
          active: await admin.type(`bull:${queueName}:active`),
        };
        return { text: text.toUpperCase() };
      }),
    ],
  });
  const queue = await JobQueue.open(queueName, redis.url(producer, password(producer)));
  try {
    await running.waitUntilReady();
    expect(await queue.workerCount()).toBe(1);
    const result = await queue.run(
      { ...EchoJob, queue: queueName },
      { text: 'ok' },
      { timeoutMs: 10_000 },
    );
    expect(result).toEqual({ text: 'OK' });
    return seenTypes;
  } finally {
    await queue.close();
    await running.close();
  }
}

run('Redis ACL users from the catalog (needs redis-server)', () => {
  it('has a user for every process and KEDA, and a default user that may only PING', async () => {
    const users = (await admin.acl('LIST')) as string[];
    for (const proc of PROCESSES) expect(users.join('\n')).toContain(`user ${proc.name} on`);
    expect(users.join('\n')).toContain('user keda on');
    const anonymous = new Redis({ port: redis.port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
    clients.push(anonymous);
    expect(await anonymous.ping()).toBe('PONG');
    await expect(anonymous.get('pv:session:x')).rejects.toThrow(noPermission);
  });

  it('runs formatting jobs with the formatting and formatting-worker users; BullMQ keeps wait and active as lists', async () => {
    const types = await roundTrip('formatting', 'formatting', 'formatting-worker');
    expect(types.active).toBe('list');
    expect(['list', 'none']).toContain(types.wait);
  });

  it('runs PDF jobs with the documents and pdf-worker users, and keeps each worker to its queue', async () => {
    await roundTrip('pdf', 'documents', 'pdf-worker');
    await expect(as('pdf-worker').llen('bull:formatting:wait')).rejects.toThrow(noPermission);
    await expect(as('formatting-worker').llen('bull:pdf:wait')).rejects.toThrow(noPermission);
    await expect(as('formatting-worker').get('pv:session:x')).rejects.toThrow(noPermission);
  });

  it('lets auth write sessions and every service read them, and nobody else write them', async () => {
    const principal: Principal = {
      userId: 'u1',
      sessionId: `s-${randomBytes(4).toString('hex')}`,
      email: 'a@b.c',
      firstName: 'A',
      lastName: 'B',
      fullName: 'A B',
      isAdmin: false,
      isPremium: false,
      userStatus: 'active' as Principal['userStatus'],
      mustChangePassword: false,
    };
    // With an idle timeout, as auth opens them: every reader refreshes the session's idle clock.
    await new SessionStore(as('auth')).put(principal, new Date(Date.now() + 60_000), {
      idleSeconds: 60,
    });
    const readers = PROCESSES.filter((p) => p.redisKeys.readOnly.includes('pv:session:*'));
    expect(readers.map((p) => p.name).sort()).toEqual(
      ['analytics', 'billing', 'documents', 'formatting', 'support', 'vault'].sort(),
    );
    for (const reader of readers) {
      expect(await new SessionStore(as(reader.name)).get(principal.sessionId)).toEqual(principal);
      await expect(as(reader.name).del(`pv:session:${principal.sessionId}`)).rejects.toThrow(
        noPermission,
      );
    }
    await expect(as('gateway').get(`pv:session:${principal.sessionId}`)).rejects.toThrow(
      noPermission,
    );
  });

  it("counts each service's rate limits under its own prefix only", async () => {
    const limit = { name: 'probe', points: 5, durationSeconds: 60 };
    for (const name of ['auth', 'support', 'vault', 'analytics']) {
      const own = new RateLimiter(as(name), limit, { keyPrefix: `pv:${name}:` });
      expect((await own.consume('1.2.3.4')).remaining).toBe(4);
      const foreign = new RateLimiter(as(name), limit, { keyPrefix: 'pv:billing:' });
      await expect(foreign.consume('1.2.3.4')).rejects.toThrow(noPermission);
    }
    expect(await as('formatting').set('pv:formatting:anonymous:probe', '1')).toBe('OK');
    await expect(as('billing').set('pv:formatting:anonymous:probe', '1')).rejects.toThrow(
      noPermission,
    );
  });

  it("keeps the gateway's auth rate limit working with the gateway user", async () => {
    const gatewayRedis = as('gateway');
    const app = await buildGatewayApp(loadGatewayConfig({ REDIS_URL: redis.url('gateway', 'x') }), {
      redis: gatewayRedis,
      logger: false,
    });
    try {
      // No auth upstream here: the answer is a 503, but the limiter counted first.
      await app.inject({ method: 'POST', url: '/auth/login', payload: {} });
      const keys = await admin.keys('pv:gateway:rate-limit:*');
      expect(keys.length).toBeGreaterThan(0);
      await expect(gatewayRedis.get('pv:auth:anything')).rejects.toThrow(noPermission);
    } finally {
      await app.close();
    }
  });

  it('lets KEDA read queue lengths and nothing else', async () => {
    const keda = as('keda');
    expect(await keda.llen('bull:formatting:wait')).toBe(0);
    expect(await keda.llen('bull:pdf:active')).toBe(0);
    await expect(keda.get('bull:formatting:meta')).rejects.toThrow(noPermission);
    await expect(keda.llen('pv:session:x')).rejects.toThrow(noPermission);
  });
});
