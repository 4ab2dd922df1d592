// Each store vanishes for about 3 s under one request of each kind a service makes, on servers of
// this test's own (never the machine's shared ones): a plain signed-in read (session in Redis,
// rows in Postgres), a queued job (the format's and the PDF's shape: BullMQ on Redis) and an
// archive (a Postgres write with its event in the outbox, published to NATS after commit). No
// answer may be a 500: a request either waits for the store and succeeds, or answers 503 with
// Retry-After and the pt-BR "tente novamente em instantes" message.
import { Messages } from '@pv/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import { createDb } from '../src/db.js';
import { serviceUnavailable } from '../src/errors.js';
import { enqueueEvent, type KitTables } from '../src/events/index.js';
import { defineJob, handleJob } from '../src/jobs.js';
import { JobQueue } from '../src/queue.js';
import { createRedis } from '../src/redis.js';
import { openRuntime, type ServiceRuntime } from '../src/runtime.js';
import {
  type PrivateStore,
  startPrivateNats,
  startPrivatePostgres,
  startPrivateRedis,
  testSessionKeys,
} from '../src/testing/index.js';
import { scaled } from '../src/testing/time-scale.js';
import { RETRY_AFTER_SECONDS } from '../src/unavailable.js';
import { type DrainableWorker, startWorker } from '../src/worker.js';

interface Notes {
  notes: { id: string; text_length: number };
}

const RenderJob = defineJob({
  queue: 'blip-render',
  name: 'render',
  payloadSchema: Type.Object({ text: Type.String() }),
  resultSchema: Type.Object({ length: Type.Integer() }),
});

/** What the formatting service answers with no worker connected (a worker restarting). */
const NO_WORKER = 'O formatador está indisponível no momento. Tente novamente em instantes.';

const KINDS = ['read', 'render', 'archive'] as const;
type Kind = (typeof KINDS)[number];
interface Answer {
  kind: Kind;
  status: number;
  code?: string;
  message?: string;
  retryAfter?: string;
}

let postgres: PrivateStore & { remove(): Promise<void> };
let redis: PrivateStore & { remove(): Promise<void> };
let nats: PrivateStore;
let runtime: ServiceRuntime<Notes>;
let queue: JobQueue;
let worker: DrainableWorker;
let app: FastifyInstance;

beforeAll(async () => {
  [postgres, redis, nats] = await Promise.all([
    startPrivatePostgres(),
    startPrivateRedis(),
    startPrivateNats(),
  ]);
  const log = pino({ level: 'silent' });
  runtime = await openRuntime<Notes>({
    service: 'blips',
    postgresUrl: postgres.url,
    redisUrl: redis.url,
    natsUrl: nats.url,
    sessionPublicKey: testSessionKeys().publicKey,
    log,
    outboxIntervalMs: 200,
    migrations: {
      '0001_notes': {
        up: (db: Kysely<unknown>) =>
          db.schema
            .createTable('notes')
            .addColumn('id', 'uuid', (c) => c.primaryKey())
            .addColumn('text_length', 'integer', (c) => c.notNull())
            .execute(),
      },
    },
  });
  queue = await JobQueue.open(RenderJob.queue, redis.url);
  worker = startWorker({
    queue: RenderJob.queue,
    redisUrl: redis.url,
    jobs: [handleJob(RenderJob, async ({ text }) => ({ length: text.length }))],
    concurrency: 2,
    log,
  });
  await worker.waitUntilReady();
  app = await createServiceApp({ name: 'blips', logger: false });
  const db = runtime.db;
  app.get('/read', async () => {
    await runtime.redis.get('pv:blips:session');
    const row = await db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { notes: row.n };
  });
  app.post('/render', async () => {
    if ((await queue.workerCount()) === 0) throw serviceUnavailable(NO_WORKER, 'NO_WORKER');
    return queue.run(RenderJob, { text: 'nota' }, { timeoutMs: 20_000 });
  });
  app.post('/archive', async () => {
    const id = crypto.randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id, text_length: 4 }).execute();
      await enqueueEvent(trx as unknown as Kysely<KitTables>, 'auth.user.logged-in.v1', {
        userId: id,
        ipAddress: '127.0.0.1',
        userAgent: 'blips',
      });
    });
    runtime.relay.kick();
    return { id };
  });
  await app.ready();
}, scaled(120_000));

afterAll(async () => {
  await app?.close();
  await worker?.close();
  await queue?.close();
  await runtime?.close();
  await Promise.all([postgres?.remove(), redis?.remove(), nats?.stop()]);
}, scaled(60_000));

async function call(kind: Kind): Promise<Answer> {
  const answer = await app.inject({ method: kind === 'read' ? 'GET' : 'POST', url: `/${kind}` });
  const body = answer.json() as { code?: string; message?: string };
  const retryAfter = answer.headers['retry-after'];
  return {
    kind,
    status: answer.statusCode,
    ...(answer.statusCode === 200 ? {} : { code: body.code, message: body.message }),
    ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
  };
}

/**
 * One loop per kind calls back to back from just before `store` stops until it has been back
 * for a while; returns every answer, and how many calls were in flight while the store was down.
 */
async function underBlip(store: PrivateStore, downMs: number) {
  let running = true;
  let down = false;
  let callsWhileDown = 0;
  const answers: Answer[] = [];
  const loops = KINDS.map(async (kind) => {
    while (running) {
      if (down) callsWhileDown += 1;
      answers.push(await call(kind));
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  await store.stop();
  down = true;
  await new Promise((resolve) => setTimeout(resolve, downMs));
  await store.start();
  down = false;
  // Back: every kind must succeed again (the loops keep calling until each has, once more).
  const since = answers.length;
  const recovered = () =>
    KINDS.every((k) => answers.slice(since).some((a) => a.kind === k && a.status === 200));
  while (!recovered()) await new Promise((resolve) => setTimeout(resolve, 100));
  running = false;
  await Promise.all(loops);
  return { answers, callsWhileDown };
}

function expectNoBug(answers: Answer[]) {
  const unclear = answers.filter(
    (a) =>
      a.status !== 200 &&
      !(
        a.status === 503 &&
        a.retryAfter === String(RETRY_AFTER_SECONDS) &&
        a.message?.endsWith('Tente novamente em instantes.')
      ),
  );
  // One line per unclear answer, first in the failure: a long diff gets cut in a CI log.
  const summary = unclear
    .map((a) => `${a.kind} ${a.status} ${a.code} retry-after=${a.retryAfter} ${a.message}`)
    .join(' | ');
  expect(unclear, summary).toEqual([]);
  for (const kind of KINDS) expect(answers.some((a) => a.kind === kind)).toBe(true);
}

describe('a store vanishing for 3 s under a read, a queued job and an archive', () => {
  it.each([
    ['PostgreSQL', () => postgres],
    ['Redis', () => redis],
    ['NATS', () => nats],
  ])(
    '%s: every answer is 200 or a 503 with Retry-After, never 500',
    async (_name, store) => {
      const { answers, callsWhileDown } = await underBlip(store(), 3_000);
      expect(callsWhileDown).toBeGreaterThan(0);
      expectNoBug(answers);
    },
    90_000,
  );
});

describe('a store down for longer than the bounded wait', () => {
  it(
    'PostgreSQL and Redis: 503 DEPENDENCY_UNAVAILABLE with Retry-After, after at most the wait',
    async () => {
      const pg = await startPrivatePostgres();
      const cache = await startPrivateRedis();
      const db = createDb<Notes>(pg.url, 2, 300);
      const client = createRedis(cache.url, 300);
      client.on('error', () => undefined);
      const probe = await createServiceApp({ name: 'blips-wait', logger: false });
      probe.get('/pg', async () => sql`SELECT 1`.execute(db).then(() => ({ ok: true })));
      probe.get('/redis', async () => client.get('x').then(() => ({ ok: true })));
      try {
        expect((await probe.inject({ url: '/pg' })).statusCode).toBe(200);
        expect((await probe.inject({ url: '/redis' })).statusCode).toBe(200);
        await Promise.all([pg.stop(), cache.stop()]);
        for (const url of ['/pg', '/redis']) {
          const started = Date.now();
          const answer = await probe.inject({ url });
          expect(Date.now() - started).toBeLessThan(10_000);
          expect(answer.statusCode).toBe(503);
          expect(answer.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
          expect(answer.json()).toMatchObject({
            code: 'DEPENDENCY_UNAVAILABLE',
            message: Messages.dependencyUnavailable,
          });
        }
      } finally {
        await probe.close();
        client.disconnect();
        await db.destroy();
        await Promise.all([pg.remove(), cache.remove()]);
      }
    },
    scaled(90_000),
  );

  it('a real bug is still a 500, and any 503 (a service of its own) carries Retry-After', async () => {
    const probe = await createServiceApp({ name: 'blips-bug', logger: false });
    probe.get('/bug', async () => {
      throw new TypeError('undefined is not a function');
    });
    probe.get('/busy', async () => {
      throw serviceUnavailable('Cobrança indisponível. Tente novamente em instantes.', 'BILLING');
    });
    const bug = await probe.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    const busy = await probe.inject({ url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    await probe.close();
  });
});
