import { describe, expect, it, vi } from 'vitest';
import type { SpeechEngineEvents } from './engine';
import { LazySonioxSpeechEngine } from './lazy-soniox-engine';

const created: { started: number; stopped: number }[] = [];

// The realtime engine itself is tested in soniox/; here only when the lazy one creates it.
vi.mock('./soniox/soniox-engine', () => ({
  SonioxSpeechEngine: class {
    readonly kind = 'soniox';
    private readonly record = { started: 0, stopped: 0 };
    constructor() {
      created.push(this.record);
    }
    start() {
      this.record.started++;
    }
    async stop() {
      this.record.stopped++;
    }
  },
}));

const events: SpeechEngineEvents = {
  onFinal: () => {},
  onInterim: () => {},
  onErrorLine: () => {},
  onFailure: () => {},
};

describe('LazySonioxSpeechEngine', () => {
  it('loads the realtime engine on start, then starts and stops it', async () => {
    created.length = 0;
    const engine = new LazySonioxSpeechEngine(events);
    expect(created).toHaveLength(0);
    await engine.start();
    expect(created).toEqual([{ started: 1, stopped: 0 }]);
    await engine.stop();
    expect(created).toEqual([{ started: 1, stopped: 1 }]);
  });

  it('stopped while its code loads, it never starts the realtime engine', async () => {
    created.length = 0;
    const engine = new LazySonioxSpeechEngine(events);
    const starting = engine.start();
    await engine.stop();
    await starting;
    expect(created).toEqual([]);
  });
});
