import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENT_STREAM, EVENT_STREAM_SUBJECTS, PHI_STREAM } from '@pv/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNats, ensureEventStream } from '../src/events/index.js';
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

  it('keeps patient text (phi.*) only in PV_PHI, for PHI_STREAM_MAX_AGE_HOURS (default 6 h), then drops it', async () => {
    const nc = await connectNats(nats.url, 'test-phi-stream');
    const jsm = await jetstreamManager(nc);
    await ensureEventStream(nc);
    expect((await jsm.streams.info(PHI_STREAM)).config.max_age).toBe(6 * 3600 * 1e9);

    // A window of about a second, to watch it end.
    await jsm.streams.delete(PHI_STREAM);
    const before = process.env.PHI_STREAM_MAX_AGE_HOURS;
    process.env.PHI_STREAM_MAX_AGE_HOURS = String(1 / 3600);
    try {
      await ensureEventStream(nc);
    } finally {
      if (before === undefined) delete process.env.PHI_STREAM_MAX_AGE_HOURS;
      else process.env.PHI_STREAM_MAX_AGE_HOURS = before;
    }
    const marker = `Paciente ALBATROSFINCH${Date.now()}`;
    await jetstream(nc).publish('phi.consult.formatted.v1', JSON.stringify({ text: marker }));
    const phi = await jsm.streams.info(PHI_STREAM);
    expect(phi.state.messages).toBe(1);
    const stored = await jsm.streams.getMessage(PHI_STREAM, { seq: phi.state.last_seq });
    expect(stored?.string()).toContain('ALBATROSFINCH');
    // Not in the 30-day stream.
    const events = await jsm.streams.info(EVENT_STREAM);
    for (let seq = events.state.first_seq; seq <= events.state.last_seq && seq > 0; seq++) {
      const message = await jsm.streams.getMessage(EVENT_STREAM, { seq }).catch(() => null);
      expect(message?.string() ?? '').not.toContain('ALBATROSFINCH');
    }
    const deadline = Date.now() + 5_000;
    while ((await jsm.streams.info(PHI_STREAM)).state.messages > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect((await jsm.streams.info(PHI_STREAM)).state.messages).toBe(0);
    await nc.close();
  });
});
