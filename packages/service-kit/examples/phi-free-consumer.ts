/**
 * An example consumer of the PHI-free events, for a team outside the clinical core (a BI job, a
 * finance export). Runnable against any environment's NATS:
 *
 *   NATS_URL=nats://127.0.0.1:4222 node --import tsx packages/service-kit/examples/phi-free-consumer.ts
 *   ... phi-free-consumer.ts --since 2026-11-01T00:00:00Z   (replay from a date, then keep going)
 *
 * - Durable: the consumer has a name (CONSUMER_NAME, default `example-phi-free`); JetStream
 *   remembers what it acknowledged, so a restart resumes where it stopped, and events published
 *   while it was down are delivered when it is back.
 * - Idempotent: delivery is at-least-once (a crash between the effect and the ack redelivers), so
 *   the effect is keyed on the envelope's `id`. Here a JSON-lines file of seen ids stands in for
 *   what a real consumer does in its database: insert the id in the same transaction as the
 *   effect (the services' `processOnce`).
 * - Replay from a date: `--since` makes a new durable named after the date whose first delivery
 *   is the first event at or after it (JetStream `deliver_policy: by_start_time`); the stream
 *   keeps 30 days. The idempotency key makes replaying over already-seen events harmless.
 * - PHI-free only: it handles only the subjects the contracts classify `phi-free`
 *   (docs/api/events.asyncapi.json) and acknowledges the rest unread; restricted subjects need
 *   approval (docs/events.md). (NATS 2.10+ could filter them server-side with `filter_subjects`;
 *   Debian 12's 2.9 takes one subject per consumer.)
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  EVENT_STREAM,
  EventCatalog,
  type EventEnvelope,
  EventEnvelopeSchema,
  type EventSubject,
  PHI_FREE_SUBJECTS,
} from '@pv/contracts';
import { Value } from '@sinclair/typebox/value';
import '../src/formats.js';

const sinceArg = process.argv.indexOf('--since');
const since = sinceArg > 0 ? new Date(process.argv[sinceArg + 1] ?? '') : undefined;
if (since && Number.isNaN(since.getTime())) {
  console.error('--since needs an ISO date, e.g. 2026-11-01T00:00:00Z');
  process.exit(2);
}
const baseName = process.env.CONSUMER_NAME ?? 'example-phi-free';
const durable = since
  ? `${baseName}-since-${since.toISOString().replace(/[^0-9]/g, '')}`
  : baseName;
const seenFile = process.env.SEEN_FILE ?? `.${baseName}-seen.jsonl`;
const seen = new Set(
  existsSync(seenFile) ? readFileSync(seenFile, 'utf8').split('\n').filter(Boolean) : [],
);

/** The effect of one event: print it. A real consumer writes its projection here. */
function apply(event: EventEnvelope): void {
  console.log(`${event.occurredAt} ${event.subject} ${JSON.stringify(event.payload)}`);
}

const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
const jsm = await jetstreamManager(nc);
try {
  await jsm.consumers.info(EVENT_STREAM, durable);
} catch {
  await jsm.consumers.add(EVENT_STREAM, {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    ...(since
      ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString() }
      : { deliver_policy: DeliverPolicy.All }),
  });
}
const consumer = await jetstream(nc).consumers.get(EVENT_STREAM, durable);
console.error(`consuming ${PHI_FREE_SUBJECTS.join(', ')} as ${durable}; Ctrl-C stops`);
process.once('SIGINT', () => void nc.drain().then(() => process.exit(0)));

const wanted = new Set<string>(PHI_FREE_SUBJECTS);
for await (const msg of await consumer.consume()) {
  if (!wanted.has(msg.subject)) {
    msg.ack();
    continue;
  }
  const event = JSON.parse(msg.string()) as EventEnvelope;
  const schema = EventCatalog[event.subject as EventSubject];
  // An event that does not match its v1 schema is a publisher's bug: keep it for a person to see
  // (term: no redelivery) rather than block the consumer on it forever.
  if (!schema || !Value.Check(EventEnvelopeSchema(schema), event)) {
    console.error(`skipping ${event.id} (${msg.subject}): not a valid ${msg.subject} envelope`);
    msg.term();
    continue;
  }
  if (!seen.has(event.id)) {
    apply(event);
    appendFileSync(seenFile, `${event.id}\n`);
    seen.add(event.id);
  }
  msg.ack();
}
