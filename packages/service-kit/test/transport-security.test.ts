// Encryption in transit (docs/transport-security.md): the kit's clients against a Postgres, a
// Redis and a NATS of the test's own that accept TLS only, with a throw-away CA; a plaintext
// connection is refused by each, and a client that trusts another CA refuses each of them.
import { connect as tcpConnect } from 'node:net';
import { connect as natsConnect } from '@nats-io/transport-node';
import { Type } from '@sinclair/typebox';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaseConfigFields, loadConfig, transportSecurityProblems } from '../src/config.js';
import { connectNats } from '../src/events/index.js';
import { defineJob, handleJob } from '../src/jobs.js';
import { JobQueue } from '../src/queue.js';
import { openRuntime, type ServiceRuntime } from '../src/runtime.js';
import {
  makeTestCa,
  type PrivateStore,
  startPrivateNats,
  startPrivatePostgres,
  startPrivateRedis,
  type TestCa,
  testSessionKeys,
} from '../src/testing/index.js';
import { natsTls, postgresConnection, redisTls } from '../src/transport-security.js';
import { type DrainableWorker, startWorker } from '../src/worker.js';

interface Notes {
  notes: { id: string; body: string };
}

const EchoJob = defineJob({
  queue: 'tls-echo',
  name: 'echo',
  payloadSchema: Type.Object({ text: Type.String() }),
  resultSchema: Type.Object({ length: Type.Integer() }),
});

const log = pino({ level: 'silent' });
let ca: TestCa;
let otherCa: TestCa;
let postgres: PrivateStore & { remove(): Promise<void> };
let redis: PrivateStore & { remove(): Promise<void> };
let nats: PrivateStore;
let runtime: ServiceRuntime<Notes>;
let queue: JobQueue;
let worker: DrainableWorker;
const savedCa = process.env.TLS_CA_FILE;
/** The environment of a client that trusts another CA than the servers'. */
let wrongCa: { TLS_CA_FILE: string };

beforeAll(async () => {
  ca = makeTestCa('pv-test-internal-ca');
  otherCa = makeTestCa('pv-test-other-ca');
  wrongCa = { TLS_CA_FILE: otherCa.caFile };
  const server = ca.issue('stores');
  const tls = { ...server, caFile: ca.caFile };
  [postgres, redis, nats] = await Promise.all([
    startPrivatePostgres({ tls }),
    startPrivateRedis({ tls }),
    startPrivateNats({ tls: server }),
  ]);
  // What a process is given: the kit's clients read it (transport-security.ts).
  process.env.TLS_CA_FILE = ca.caFile;
  runtime = await openRuntime<Notes>({
    service: 'tls',
    postgresUrl: postgres.url,
    redisUrl: redis.url,
    natsUrl: nats.url,
    sessionPublicKey: testSessionKeys().publicKey,
    log,
    migrations: {
      '0001_notes': {
        up: (db: Kysely<unknown>) =>
          db.schema
            .createTable('notes')
            .addColumn('id', 'text', (c) => c.primaryKey())
            .addColumn('body', 'text', (c) => c.notNull())
            .execute(),
      },
    },
  });
  queue = await JobQueue.open(EchoJob.queue, redis.url);
  worker = startWorker({
    queue: EchoJob.queue,
    redisUrl: redis.url,
    jobs: [handleJob(EchoJob, async ({ text }) => ({ length: text.length }))],
    concurrency: 1,
    log,
  });
  await worker.waitUntilReady();
}, 180_000);

afterAll(async () => {
  await worker?.close();
  await queue?.close();
  await runtime?.close();
  await Promise.all([postgres?.remove(), redis?.remove(), nats?.stop()]);
  ca?.remove();
  otherCa?.remove();
  if (savedCa === undefined) delete process.env.TLS_CA_FILE;
  else process.env.TLS_CA_FILE = savedCa;
}, 60_000);

describe('the kit over TLS-only stores with the internal CA', () => {
  it('migrates, writes and reads Postgres with sslmode=verify-full, on an encrypted session', async () => {
    expect(postgres.url).toContain('sslmode=verify-full');
    await runtime.db.insertInto('notes').values({ id: 'n1', body: 'sobre TLS' }).execute();
    const row = await runtime.db.selectFrom('notes').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ id: 'n1', body: 'sobre TLS' });
    const { rows } = await sql<{ ssl: boolean }>`
      SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`.execute(runtime.db);
    expect(rows[0]?.ssl).toBe(true);
  });

  it('uses Redis over rediss:// for commands and for a BullMQ job', async () => {
    expect(redis.url.startsWith('rediss://')).toBe(true);
    await runtime.redis.set('pv:tls:probe', 'ok');
    expect(await runtime.redis.get('pv:tls:probe')).toBe('ok');
    await expect(queue.run(EchoJob, { text: 'nota' }, { timeoutMs: 30_000 })).resolves.toEqual({
      length: 4,
    });
  });

  it('connects to NATS over tls:// with JetStream', async () => {
    expect(nats.url.startsWith('tls://')).toBe(true);
    await runtime.nats.connected();
    await expect(runtime.nats.ping()).resolves.toBeUndefined();
  });
});

describe('what the TLS-only stores refuse', () => {
  it('Postgres: no plaintext session (pg_hba has hostssl lines only)', async () => {
    const client = new pg.Client({ connectionString: postgres.url.replace(/\?.*$/, '') });
    await expect(client.connect()).rejects.toThrow(/no pg_hba\.conf entry.*no encryption/);
  });

  it('Postgres: verify-full refuses a server certificate of another CA', async () => {
    const client = new pg.Client(postgresConnection(postgres.url, wrongCa));
    client.on('error', () => undefined);
    await expect(client.connect()).rejects.toThrow(/certificate/);
  });

  it('Redis: no plaintext connection on the TLS port', async () => {
    const plain = new Redis(redis.url.replace('rediss://', 'redis://'), {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 3_000,
    });
    plain.on('error', () => undefined);
    await expect(plain.connect().then(() => plain.ping())).rejects.toThrow();
    plain.disconnect();
  });

  it('Redis: refuses a server certificate of another CA', async () => {
    const client = new Redis(redis.url, {
      ...redisTls(redis.url, wrongCa),
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const errors: string[] = [];
    client.on('error', (error: Error) => errors.push(error.message));
    await expect(client.connect().then(() => client.ping())).rejects.toThrow();
    expect(errors.join(' ')).toMatch(/certificate/);
    client.disconnect();
  });

  it('NATS: announces TLS as required and never answers a plaintext client', async () => {
    const { port, hostname } = new URL(nats.url);
    const seen = await new Promise<string>((resolve) => {
      let text = '';
      const socket = tcpConnect(Number(port), hostname);
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n') && !text.includes('PING_SENT')) {
          text += 'PING_SENT';
          socket.write('CONNECT {"verbose":false}\r\nPING\r\n');
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(text));
      setTimeout(() => socket.destroy(), 5_000);
    });
    expect(seen).toMatch(/^INFO .*"tls_required":true/);
    expect(seen).not.toContain('PONG');
  });

  it('NATS: refuses a server certificate of another CA', async () => {
    await expect(
      natsConnect({ servers: nats.url, ...natsTls(nats.url, wrongCa), timeout: 5_000 }),
    ).rejects.toThrow();
    const trusted = await connectNats(nats.url, 'tls-probe');
    await trusted.close();
  });
});

describe('TLS_REQUIRED', () => {
  const schema = Type.Object({
    ...BaseConfigFields,
    BILLING_URL: Type.Optional(Type.String()),
  });
  const secure = {
    SESSION_PUBLIC_KEY: testSessionKeys().publicKey,
    POSTGRES_URL: 'postgres://auth:x@pv-postgres-rw.pv-data.svc:5432?sslmode=verify-full',
    REDIS_URL: 'rediss://auth:x@pv-redis.pv-data.svc:6379',
    NATS_URL: 'tls://pv-nats.pv-data.svc:4222',
    BILLING_URL: 'https://billing:8084',
    TLS_CA_FILE: '/etc/pv-tls/ca.crt',
    TLS_REQUIRED: 'true',
  };

  it('accepts a configuration whose every connection is encrypted and verified', () => {
    expect(() => loadConfig(schema, secure)).not.toThrow();
  });

  it('names every plaintext or unverified connection and refuses to start', () => {
    const problems = transportSecurityProblems({
      ...secure,
      POSTGRES_URL: 'postgres://auth:x@db:5432',
      REDIS_URL: 'redis://auth:x@redis:6379',
      NATS_URL: 'tls://a:4222,nats://b:4222',
      BILLING_URL: 'http://billing:8084',
      TLS_CA_FILE: undefined,
    });
    expect(problems).toEqual([
      'POSTGRES_URL must carry sslmode=verify-full (TLS_REQUIRED=true)',
      'REDIS_URL must be rediss:// (TLS_REQUIRED=true)',
      'NATS_URL must list tls:// servers only (TLS_REQUIRED=true)',
      'BILLING_URL must be https:// (TLS_REQUIRED=true)',
      'TLS_CA_FILE must be set (TLS_REQUIRED=true)',
    ]);
    expect(() => loadConfig(schema, { ...secure, REDIS_URL: 'redis://r:6379' })).toThrow(
      /REDIS_URL must be rediss/,
    );
  });

  it('refuses sslmodes that do not verify the host, required or not', () => {
    expect(() =>
      loadConfig(schema, {
        SESSION_PUBLIC_KEY: secure.SESSION_PUBLIC_KEY,
        POSTGRES_URL: 'postgres://u@db:5432?sslmode=require',
      }),
    ).toThrow(/sslmode=require is not supported/);
  });

  it('is off by default (npm start): plaintext URLs load', () => {
    expect(() =>
      loadConfig(schema, { SESSION_PUBLIC_KEY: secure.SESSION_PUBLIC_KEY }),
    ).not.toThrow();
  });
});
