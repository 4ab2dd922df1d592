import { jetstreamManager } from '@nats-io/jetstream';
import { EVENT_STREAM, EVENT_STREAM_SUBJECTS } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNats, ensureEventStream } from '../src/events.js';
import { startPrivateNats } from '../src/testing/private-nats.js';

describe('ensureEventStream', () => {
  let nats: Awaited<ReturnType<typeof startPrivateNats>>;
  beforeAll(async () => {
    nats = await startPrivateNats();
  });
  afterAll(() => nats.stop());

  it("adds a newer release's subjects to a stream an older release made, keeping its settings", async () => {
    const nc = await connectNats(nats.url, 'test-stream');
    const jsm = await jetstreamManager(nc);
    const older = EVENT_STREAM_SUBJECTS.filter((subject) => subject !== 'audit.>');
    await jsm.streams.add({ name: EVENT_STREAM, subjects: older, max_age: 3600 * 1e9 });

    await ensureEventStream(nc);
    const { config } = await jsm.streams.info(EVENT_STREAM);
    expect([...config.subjects].sort()).toEqual([...EVENT_STREAM_SUBJECTS].sort());
    expect(config.max_age).toBe(3600 * 1e9);

    // Nothing to add: left as it is.
    await ensureEventStream(nc);
    expect((await jsm.streams.info(EVENT_STREAM)).config.subjects).toHaveLength(
      EVENT_STREAM_SUBJECTS.length,
    );
    await nc.close();
  });
});
