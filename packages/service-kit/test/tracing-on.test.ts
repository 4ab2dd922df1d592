import { randomBytes, randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { startFakeOtlpCollector } from '@pv/provider-fakes';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, databaseUrl, migrateToLatest } from '../src/db.js';
import {
  connectNats,
  enqueueEvent,
  type KitTables,
  kitMigrations,
  OutboxRelay,
} from '../src/events/index.js';
import {
  collectEvents,
  createTestDatabase,
  startPrivateNats,
  testInfra,
} from '../src/testing/index.js';
import {
  currentTraceparent,
  flushTracing,
  startTracing,
  tracingEnabled,
  withConsumerSpan,
} from '../src/tracing.js';

// Issue 16 item 4, the kit's side with tracing on (its own process: tracing is decided once per
// process): the outbox keeps the recording request's traceparent, the relay's publish continues
// it even for an event split in parts, and the consumer continues the publish. The whole chain
// through the stack is tests/system/test/tracing.test.ts.
const collector = await startFakeOtlpCollector();
for (const key of Object.keys(process.env)) if (key.startsWith('OTEL_')) delete process.env[key];
process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
process.env.OTEL_BSP_SCHEDULE_DELAY = '50';

const log = pino({ level: 'silent' });
let db: Kysely<KitTables>;
let drop: () => Promise<void>;
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let nc: NatsConnection;

beforeAll(async () => {
  expect(startTracing('kit-tracing-test')).toBe(true);
  const database = await createTestDatabase('kit_tracing');
  drop = database.drop;
  db = createDb<KitTables>(databaseUrl(testInfra.postgresUrl, database.name));
  await migrateToLatest(db as Kysely<unknown>, kitMigrations);
  nats = await startPrivateNats();
  nc = await connectNats(nats.url, 'kit-tracing-test');
});
afterAll(async () => {
  await nc?.close();
  await nats?.stop();
  await db?.destroy();
  await drop?.();
  await collector.close();
});

describe('tracing on: the outbox carries the trace to the consumers', () => {
  it('stores the traceparent with the row, publishes (in parts) as its child, consumes as the child of the publish', async () => {
    expect(tracingEnabled()).toBe(true);
    const durable = `tracing-${randomBytes(4).toString('hex')}`;
    const events = await collectEvents(nc, durable, ['phi.consult.formatted.v1']);
    const word = `sabiá${randomBytes(4).toString('hex')}`;
    const payload = {
      consultId: randomUUID(),
      userId: null,
      professional: 'consulta_medica',
      engine: 'offline',
      rawTranscript: `Paciente relata ${word}. ${'dor torácica há três dias. '.repeat(800)}`,
      formattedText: 'Nota',
      audioLengthSec: null,
      clientIp: '127.0.0.1',
    };
    // A "request": some active span, in whose context the event is recorded.
    const { envelope, traceparent } = await withConsumerSpan(
      { system: 'bullmq', destination: 'request-stand-in' },
      async () => ({
        envelope: await enqueueEvent(db, 'phi.consult.formatted.v1', payload),
        traceparent: currentTraceparent(),
      }),
    );
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const row = await db
      .selectFrom('outbox_events')
      .select('traceparent')
      .where('id', '=', envelope.id)
      .executeTakeFirstOrThrow();
    expect(row.traceparent).toBe(traceparent);

    // Published later, outside any context, in parts (8 KiB messages).
    const relay = new OutboxRelay({ db, nats: () => nc, log, maxMessageBytes: 8_192 });
    relay.start();
    await events.waitFor((e) => e.id === envelope.id);
    await relay.stop();
    await events.stop();
    const [, traceId, requestSpanId] = (traceparent ?? '').split('-');
    const spans = await collector.waitFor((all) =>
      all.some(
        (s) => s.kind === 'consumer' && s.attributes['messaging.message.id'] === envelope.id,
      ),
    );
    await flushTracing();
    const publish = spans.find(
      (s) => s.kind === 'producer' && s.attributes['messaging.message.id'] === envelope.id,
    );
    const consume = spans.find(
      (s) => s.kind === 'consumer' && s.attributes['messaging.message.id'] === envelope.id,
    );
    expect(publish).toMatchObject({
      traceId,
      parentSpanId: requestSpanId,
      name: 'publish phi.consult.formatted.v1',
      service: 'kit-tracing-test',
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': 'phi.consult.formatted.v1',
      },
    });
    expect(consume).toMatchObject({
      traceId,
      parentSpanId: publish?.spanId,
      name: 'process phi.consult.formatted.v1',
      attributes: { 'messaging.consumer.group.name': durable },
    });
    expect(JSON.stringify(collector.spans)).not.toContain(word);
  });

  it('marks a failed consumer span with the error class only, never its message', async () => {
    const secret = `Paciente ${randomBytes(4).toString('hex')}`;
    await expect(
      withConsumerSpan({ system: 'nats', destination: 'fails.v1', id: 'e-1' }, async () => {
        throw new TypeError(secret);
      }),
    ).rejects.toThrow(secret);
    const spans = await collector.waitFor((all) =>
      all.some((s) => s.attributes['messaging.message.id'] === 'e-1'),
    );
    const failed = spans.find((s) => s.attributes['messaging.message.id'] === 'e-1');
    expect(failed?.status.code).toBe(2);
    expect(failed?.attributes['error.type']).toBe('TypeError');
    expect(JSON.stringify(collector.spans)).not.toContain(secret);
  });
});
