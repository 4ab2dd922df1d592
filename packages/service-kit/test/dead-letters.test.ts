import { randomBytes, randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope } from '@pv/contracts';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, databaseUrl, migrateToLatest } from '../src/db.js';
import {
  deleteDeadLetters,
  listDeadLetters,
  parseDeadLetterCommand,
  replayDeadLetters,
  runDeadLetterCli,
  runDeadLetterCommand,
} from '../src/dead-letters.js';
import {
  connectNats,
  type DurableSubscription,
  deleteDurable,
  enqueueEvent,
  type KitTables,
  kitMigrations,
  OutboxRelay,
  processOnce,
  subscribeDurable,
} from '../src/events/index.js';
import { registerOutboxMetrics } from '../src/observability.js';
import {
  createTestDatabase,
  databaseRowsContaining,
  eventually,
  startPrivateNats,
  testInfra,
} from '../src/testing/index.js';

const log = pino({ level: 'silent' });
let db: Kysely<KitTables>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let nc: NatsConnection;
const relays: OutboxRelay[] = [];

beforeAll(async () => {
  database = await createTestDatabase('kit_dead_letters');
  db = createDb<KitTables>(databaseUrl(testInfra.postgresUrl, database.name));
  await migrateToLatest(db as Kysely<unknown>, kitMigrations);
  nats = await startPrivateNats();
  nc = await connectNats(nats.url, 'kit-dead-letters-test');
});
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop();
  await db.deleteFrom('outbox_events').execute();
  await db.deleteFrom('outbox_dead_letters').execute();
});
afterAll(async () => {
  await nc.close();
  await nats.stop();
  await db.destroy();
  await database.drop();
});

const SECRET = 'Paciente Joana Prado refere dor';
const login = () => ({ userId: randomUUID(), ipAddress: '10.0.0.1', userAgent: SECRET });

function relay(options: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) {
  const started = new OutboxRelay({ db, nats: () => nc, log, intervalMs: 100, ...options });
  relays.push(started);
  started.start();
  return started;
}

/** A consumer as services write them: every delivery seen, effects applied once per event id. */
async function consumer() {
  const durable = `dead-letters-${randomBytes(4).toString('hex')}`;
  const delivered: EventEnvelope[] = [];
  const applied: string[] = [];
  const subscription: DurableSubscription = await subscribeDurable(nc, {
    durable,
    subjects: ['auth.user.logged-in.v1'],
    log,
    handler: async (event) => {
      delivered.push(event);
      await processOnce(db, event, async () => {
        applied.push(event.id);
      });
    },
  });
  return {
    delivered,
    applied,
    async stop() {
      await subscription.stop();
      await deleteDurable(nc, durable);
    },
  };
}

/** Makes a dead letter the way the relay does: an event too big for a broker that refuses it. */
async function deadLetter() {
  const event = await enqueueEvent(db, 'auth.user.logged-in.v1', login());
  const strict = relay({ maxMessageBytes: 64, maxParts: 1 });
  await eventually(async () =>
    (await db.selectFrom('outbox_dead_letters').select('id').execute()).some(
      (row) => row.id === event.id,
    ),
  );
  await strict.stop();
  return event;
}

/** pv_outbox_dead_letters_waiting as a scrape reads it now (what the alert watches). */
async function waiting(): Promise<number> {
  const registry = new Registry();
  registerOutboxMetrics(registry, db);
  const text = await registry.getSingleMetricAsString('pv_outbox_dead_letters_waiting');
  return Number(
    text
      .split('\n')
      .find((l) => l.startsWith('pv_outbox_dead_letters_waiting '))
      ?.split(' ')[1],
  );
}

const published = async (id: string) =>
  (
    await db
      .selectFrom('outbox_events')
      .select('published_at')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.published_at != null;

describe('dead letters: the operator replays or deletes them', () => {
  it('lists a dead letter with its subject, id, age, size and error, never its payload', async () => {
    const event = await deadLetter();
    const [letter] = await listDeadLetters(db);
    expect(letter).toMatchObject({ id: event.id, subject: 'auth.user.logged-in.v1' });
    expect(letter?.error).toMatch(/needs \d+ parts \(at most 1\)/);
    expect(letter?.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(letter?.payloadBytes).toBeGreaterThan(SECRET.length);
    expect(JSON.stringify(letter)).not.toContain('Joana');

    const lines: string[] = [];
    await runDeadLetterCli({
      service: 'kit',
      postgresUrl: testInfra.postgresUrl,
      database: database.name,
      args: ['list'],
      out: (line) => lines.push(line),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(event.id);
    expect(lines[0]).toContain('auth.user.logged-in.v1');
    expect(lines[0]).toMatch(/\t\d+s\t/);
    expect(lines[0]).toContain('at most 1');
    expect(lines[0]).not.toContain('Joana');
    expect(lines[0]).not.toContain('10.0.0.1');
  });

  it('replays a dead letter with its own id: published once and consumed once, even replayed twice', async () => {
    const events = await consumer();
    const event = await deadLetter();
    const [stored] = await db.selectFrom('outbox_dead_letters').selectAll().execute();

    // The broker's limit is fixed; the operator replays.
    expect(await replayDeadLetters(db, { id: event.id })).toEqual([event.id]);
    expect(await listDeadLetters(db)).toEqual([]);
    relay();
    await eventually(async () => events.applied.includes(event.id));
    expect(events.delivered.filter((e) => e.id === event.id)).toHaveLength(1);
    expect(events.delivered.find((e) => e.id === event.id)).toMatchObject({
      subject: 'auth.user.logged-in.v1',
      occurredAt: event.occurredAt,
      payload: event.payload,
    });
    await eventually(() => published(event.id));

    // The same event dead-lettered again (say an ack was lost) and replayed a second time: the
    // stream drops the duplicate message id, and the consumer's processOnce would drop it too.
    await db.deleteFrom('outbox_events').where('id', '=', event.id).execute();
    await db
      .insertInto('outbox_dead_letters')
      .values({ ...stored!, payload: JSON.stringify(stored!.payload) })
      .execute();
    expect(await replayDeadLetters(db, { id: event.id })).toEqual([event.id]);
    await eventually(() => published(event.id));
    const next = await enqueueEvent(db, 'auth.user.logged-in.v1', login());
    await eventually(async () => events.applied.includes(next.id));
    expect(events.delivered.filter((e) => e.id === event.id)).toHaveLength(1);
    expect(events.applied.filter((id) => id === event.id)).toHaveLength(1);
    await events.stop();
  });

  it('delete removes one dead letter, or all of them, and nothing is published', async () => {
    const first = await deadLetter();
    const second = await deadLetter();
    expect(await waiting()).toBe(2);
    const unknown = randomUUID();
    expect(await deleteDeadLetters(db, { id: unknown })).toEqual([]);
    const lines = await runDeadLetterCommand(db, 'kit', {
      action: 'delete',
      selection: { id: first.id },
    });
    expect(lines).toEqual([`kit\tdeleted\t${first.id}`]);
    expect((await listDeadLetters(db)).map((l) => l.id)).toEqual([second.id]);
    expect(await deleteDeadLetters(db, { all: true })).toEqual([second.id]);
    expect(await listDeadLetters(db)).toEqual([]);
    // The alert clears once the operator is done.
    expect(await waiting()).toBe(0);
    expect(await db.selectFrom('outbox_events').select('id').execute()).toEqual([]);
  });

  it('replay --all moves every dead letter back', async () => {
    const first = await deadLetter();
    const second = await deadLetter();
    const moved = await runDeadLetterCommand(db, 'kit', {
      action: 'replay',
      selection: { all: true },
    });
    expect(moved.sort()).toEqual(
      [`kit\treplayed\t${first.id}`, `kit\treplayed\t${second.id}`].sort(),
    );
    const pending = await db.selectFrom('outbox_events').select(['id', 'published_at']).execute();
    expect(pending.map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
    expect(pending.every((row) => row.published_at === null)).toBe(true);
  });

  it('parses the commands and refuses what is not one', () => {
    const id = randomUUID();
    expect(parseDeadLetterCommand(['list'])).toEqual({ action: 'list' });
    expect(parseDeadLetterCommand(['replay', '--id', id])).toEqual({
      action: 'replay',
      selection: { id },
    });
    expect(parseDeadLetterCommand(['delete', '--all'])).toEqual({
      action: 'delete',
      selection: { all: true },
    });
    expect(() => parseDeadLetterCommand(['replay'])).toThrow(/needs --id/);
    expect(() => parseDeadLetterCommand(['delete', '--id', 'x'])).toThrow(/not an event id/);
    expect(() => parseDeadLetterCommand(['purge'])).toThrow(/unknown command/);
    expect(() => parseDeadLetterCommand(['replay', '--id', id, '--all'])).toThrow(/either/);
  });
});

describe('dead letters of restricted (patient text) events', () => {
  it('are deleted once the PHI window is over; other dead letters wait for the operator', async () => {
    const dictation = `Paciente PETRELFINCH${Date.now()} refere dor torácica`;
    const phi = await enqueueEvent(db, 'phi.consult.formatted.v1', {
      consultId: randomUUID(),
      userId: randomUUID(),
      professional: 'clinico-geral',
      engine: 'offline',
      rawTranscript: dictation,
      formattedText: `Queixa: ${dictation}`,
      audioLengthSec: null,
      clientIp: '10.0.0.1',
    });
    const other = await deadLetter();
    const strict = relay({ maxMessageBytes: 64, maxParts: 1 });
    await eventually(async () =>
      (await db.selectFrom('outbox_dead_letters').select('id').execute()).some(
        (row) => row.id === phi.id,
      ),
    );
    await strict.stop();
    expect(
      await databaseRowsContaining(
        databaseUrl(testInfra.postgresUrl, database.name),
        'PETRELFINCH',
      ),
    ).toEqual(['outbox_dead_letters']);

    // The PHI stream would have dropped it by now: a dead letter keeps it no longer.
    const sweeping = relay({ phiDeadLetterSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1_200));
    await sweeping.sweep();
    expect(
      await databaseRowsContaining(
        databaseUrl(testInfra.postgresUrl, database.name),
        'PETRELFINCH',
      ),
    ).toEqual([]);
    expect((await listDeadLetters(db)).map((letter) => letter.id)).toEqual([other.id]);
  });

  it('last, by default, as long as the PV_PHI stream keeps a message (PHI_STREAM_MAX_AGE_HOURS)', async () => {
    const phi = await enqueueEvent(db, 'phi.consult.formatted.v1', {
      consultId: randomUUID(),
      userId: null,
      professional: 'clinico-geral',
      engine: 'offline',
      rawTranscript: 'ditado',
      formattedText: 'nota',
      audioLengthSec: null,
      clientIp: '10.0.0.1',
    });
    const strict = relay({ maxMessageBytes: 64, maxParts: 1 });
    await eventually(async () => (await listDeadLetters(db)).some((l) => l.id === phi.id));
    await strict.stop();
    const hours = (h: number) => new Date(Date.now() - h * 3_600_000);
    await db
      .updateTable('outbox_dead_letters')
      .set({ failed_at: hours(5.9) })
      .execute();
    const sweeper = new OutboxRelay({ db, nats: () => nc, log });
    await sweeper.sweep();
    expect((await listDeadLetters(db)).map((l) => l.id)).toEqual([phi.id]);
    await db
      .updateTable('outbox_dead_letters')
      .set({ failed_at: hours(6.1) })
      .execute();
    await sweeper.sweep();
    expect(await listDeadLetters(db)).toEqual([]);
  });
});
