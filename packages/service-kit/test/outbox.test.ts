import { randomBytes, randomUUID } from 'node:crypto';
import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { EVENT_STREAM, EVENT_STREAM_SUBJECTS, PHI_STREAM } from '@pv/contracts';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import { createDb, databaseUrl, migrateToLatest } from '../src/db.js';
import {
  connectNats,
  enqueueEvent,
  type KitTables,
  kitMigrations,
  OutboxRelay,
  outboxMetricsRegistry,
} from '../src/events/index.js';
import {
  collectEvents,
  createTestDatabase,
  eventually,
  startPrivateNats,
  testInfra,
} from '../src/testing/index.js';

const log = pino({ level: 'silent' });
let db: Kysely<KitTables>;
let drop: () => Promise<void>;
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let nc: NatsConnection;
let relay: OutboxRelay | undefined;

beforeAll(async () => {
  const database = await createTestDatabase('kit_outbox');
  drop = database.drop;
  db = createDb<KitTables>(databaseUrl(testInfra.postgresUrl, database.name));
  await migrateToLatest(db as Kysely<unknown>, kitMigrations);
  nats = await startPrivateNats();
  nc = await connectNats(nats.url, 'kit-outbox-test');
});
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
  await db.deleteFrom('outbox_events').execute();
  await db.deleteFrom('outbox_dead_letters').execute();
});
afterAll(async () => {
  await nc.close();
  await nats.stop();
  await db.destroy();
  await drop();
});

const login = (userId = randomUUID()) => ({ userId, ipAddress: '10.0.0.1', userAgent: 'x' });
const durable = () => `outbox-${randomBytes(4).toString('hex')}`;

async function deadLetterCount(subject: string): Promise<number> {
  const metric = await outboxMetricsRegistry.getSingleMetricAsString('pv_outbox_dead_letters');
  const line = metric.split('\n').find((l) => l.includes(`subject="${subject}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('OutboxRelay: payloads do not outlive delivery', () => {
  it('empties a row when it is published and deletes it after the retention window', async () => {
    const events = await collectEvents(nc, durable(), ['auth.user.logged-in.v1']);
    relay = new OutboxRelay({ db, nats: () => nc, log, retentionSeconds: 1, intervalMs: 200 });
    const payload = login();
    const envelope = await enqueueEvent(db, 'auth.user.logged-in.v1', payload);
    relay.start();
    await events.waitFor((e) => e.id === envelope.id);
    const row = await db
      .selectFrom('outbox_events')
      .selectAll()
      .where('id', '=', envelope.id)
      .executeTakeFirst();
    // Either still there without its payload, or already past the window.
    if (row) {
      expect(row.published_at).not.toBeNull();
      expect(row.payload).toBeNull();
    }
    await eventually(
      async () =>
        (await db
          .selectFrom('outbox_events')
          .select('id')
          .where('id', '=', envelope.id)
          .executeTakeFirst()) === undefined,
      5_000,
    );
    await events.stop();
  });
});

describe('OutboxRelay: the outbox never blocks', () => {
  it('splits an event larger than a message and the consumer receives it whole', async () => {
    const events = await collectEvents(nc, durable(), ['phi.consult.formatted.v1']);
    relay = new OutboxRelay({ db, nats: () => nc, log, maxMessageBytes: 8_192 });
    // About 8 hours of dictation would be ~400k characters; this one is ~50 messages' worth.
    const rawTranscript = `início ${'paciente refere dor torácica há três dias. '.repeat(9_000)}fim`;
    const payload = {
      consultId: randomUUID(),
      userId: null,
      professional: 'consulta_medica',
      engine: 'offline',
      rawTranscript,
      formattedText: 'Nota',
      audioLengthSec: null,
      clientIp: '127.0.0.1',
    };
    const envelope = await enqueueEvent(db, 'phi.consult.formatted.v1', payload);
    relay.start();
    const received = await events.waitFor((e) => e.id === envelope.id);
    expect(received.payload).toEqual(payload);
    expect(events.received.filter((e) => e.id === envelope.id)).toHaveLength(1);
    const info = await (await jetstreamManager(nc)).streams.info(PHI_STREAM);
    expect(info.state.messages).toBeGreaterThan(10);
    await events.stop();
  });

  it('moves an event too large even in parts to the dead letters, counts it and publishes the next', async () => {
    const events = await collectEvents(nc, durable(), ['auth.user.logged-in.v1']);
    relay = new OutboxRelay({ db, nats: () => nc, log, maxMessageBytes: 1_024, maxParts: 2 });
    const before = await deadLetterCount('auth.user.logged-in.v1');
    const huge = await enqueueEvent(db, 'auth.user.logged-in.v1', {
      ...login(),
      userAgent: 'x'.repeat(10_000),
    });
    const next = await enqueueEvent(db, 'auth.user.logged-in.v1', login());
    relay.start();
    await events.waitFor((e) => e.id === next.id);
    const dead = await db.selectFrom('outbox_dead_letters').selectAll().execute();
    expect(dead.map((d) => d.id)).toEqual([huge.id]);
    expect(dead[0]?.error).toMatch(/needs \d+ parts \(at most 2\)/);
    expect((dead[0]?.payload as { userAgent?: string } | undefined)?.userAgent).toHaveLength(
      10_000,
    );
    expect(
      await db.selectFrom('outbox_events').select('id').where('id', '=', huge.id).execute(),
    ).toEqual([]);
    expect(await deadLetterCount('auth.user.logged-in.v1')).toBe(before + 1);
    // Exposed at every service's /metrics.
    const app = await createServiceApp({ name: 'kit-outbox' });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/pv_outbox_dead_letters\{subject="auth.user.logged-in.v1"\} \d+/);
    await app.close();
    await events.stop();
  });

  it('retries an event the broker refuses, then dead-letters it without holding back the rest', async () => {
    // A stream that refuses messages above 2 KB, as a broker with a smaller limit would.
    const own = await startPrivateNats();
    const conn = await connectNats(own.url, 'kit-outbox-refuse');
    const jsm = await jetstreamManager(conn);
    await jsm.streams.add({
      name: EVENT_STREAM,
      subjects: EVENT_STREAM_SUBJECTS,
      storage: StorageType.Memory,
      retention: RetentionPolicy.Limits,
      max_msg_size: 2_048,
    });
    const events = await collectEvents(conn, durable(), ['auth.user.logged-in.v1']);
    relay = new OutboxRelay({ db, nats: () => conn, log, maxAttempts: 2, intervalMs: 200 });
    const refused = await enqueueEvent(db, 'auth.user.logged-in.v1', {
      ...login(),
      userAgent: 'y'.repeat(4_000),
    });
    const next = await enqueueEvent(db, 'auth.user.logged-in.v1', login());
    relay.start();
    await events.waitFor((e) => e.id === next.id);
    await eventually(
      async () =>
        (await db.selectFrom('outbox_dead_letters').select('id').execute()).some(
          (d) => d.id === refused.id,
        ),
      10_000,
    );
    const dead = await db
      .selectFrom('outbox_dead_letters')
      .select('error')
      .where('id', '=', refused.id)
      .executeTakeFirstOrThrow();
    expect(dead.error).toMatch(/size|maximum/i);
    await events.stop();
    await relay.stop();
    relay = undefined;
    await conn.close();
    await own.stop();
  });

  it('keeps rows pending, not dead, while NATS is unreachable', async () => {
    const own = await startPrivateNats();
    const conn = await connectNats(own.url, 'kit-outbox-down');
    await own.stop();
    relay = new OutboxRelay({ db, nats: () => conn, log, maxAttempts: 1, intervalMs: 100 });
    const pending = await enqueueEvent(db, 'auth.user.logged-in.v1', login());
    relay.start();
    await new Promise((r) => setTimeout(r, 1_500));
    const row = await db
      .selectFrom('outbox_events')
      .selectAll()
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(row.published_at).toBeNull();
    expect(await db.selectFrom('outbox_dead_letters').selectAll().execute()).toEqual([]);
    await relay.stop();
    relay = undefined;
    await conn.close().catch(() => undefined);
  });
});
