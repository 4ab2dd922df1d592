import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserSpeechEngine, MAX_CAPTURE_RESTARTS, RESTART_EVERY_MS } from './browser-engine';
import type { EngineFailure, SpeechEngineEvents } from './engine';
import { FakeRecognition } from './testing/fake-recognition';

function recorder() {
  const finals: string[] = [];
  const interims: string[] = [];
  const lines: string[] = [];
  const failures: EngineFailure[] = [];
  const events: SpeechEngineEvents = {
    onFinal: (t) => finals.push(t),
    onInterim: (t) => interims.push(t),
    onErrorLine: (l) => lines.push(l),
    onFailure: (f) => failures.push(f),
  };
  return { events, finals, interims, lines, failures };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeRecognition.reset();
});
afterEach(() => vi.useRealTimers());

describe('browser speech engine', () => {
  it('listens continuously in pt-BR with interim results and delivers finals in order', () => {
    const r = recorder();
    const engine = new BrowserSpeechEngine(r.events, FakeRecognition);
    engine.start();
    const rec = FakeRecognition.latest;
    expect([rec.lang, rec.continuous, rec.interimResults]).toEqual(['pt-BR', true, true]);
    rec.speak('paciente relata', false);
    rec.speak('paciente relata dor', true);
    expect(r.interims).toEqual(['paciente relata', '']);
    expect(r.finals).toEqual(['paciente relata dor']);
  });

  it('restarts itself when recognition ends, and every 50 s', () => {
    const r = recorder();
    new BrowserSpeechEngine(r.events, FakeRecognition).start();
    const rec = FakeRecognition.latest;
    rec.end();
    expect(rec.started).toBe(2);
    vi.advanceTimersByTime(RESTART_EVERY_MS);
    expect(rec.stopped).toBe(1);
  });

  it('retries a failed restart after 1 to 2 s', () => {
    const r = recorder();
    new BrowserSpeechEngine(r.events, FakeRecognition, () => 0.5).start();
    const rec = FakeRecognition.latest;
    FakeRecognition.startThrows = true;
    rec.end();
    FakeRecognition.startThrows = false;
    vi.advanceTimersByTime(999);
    expect(rec.started).toBe(1);
    vi.advanceTimersByTime(600);
    expect(rec.started).toBe(2);
  });

  it('rebuilds the recognizer after audio-capture and network errors', () => {
    const r = recorder();
    new BrowserSpeechEngine(r.events, FakeRecognition, () => 0).start();
    FakeRecognition.latest.fail('network');
    expect(FakeRecognition.latest.aborted).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(FakeRecognition.instances).toHaveLength(2);
    expect(FakeRecognition.latest.started).toBe(1);
    FakeRecognition.latest.fail('audio-capture');
    vi.advanceTimersByTime(1000);
    expect(FakeRecognition.instances).toHaveLength(3);
    expect(r.lines).toEqual([]);
  });

  it('gives up with a microphone failure when hard restarts keep failing with audio-capture', () => {
    const r = recorder();
    new BrowserSpeechEngine(r.events, FakeRecognition, () => 0).start();
    for (let i = 0; i < MAX_CAPTURE_RESTARTS; i += 1) {
      FakeRecognition.latest.fail('audio-capture');
      vi.advanceTimersByTime(1000);
    }
    expect(FakeRecognition.instances).toHaveLength(MAX_CAPTURE_RESTARTS + 1);
    expect(r.failures).toEqual([]);
    const last = FakeRecognition.latest;
    last.fail('audio-capture');
    expect(r.failures).toEqual([{ kind: 'microphone' }]);
    expect(last.stopped).toBe(1);
    vi.advanceTimersByTime(RESTART_EVERY_MS * 2);
    expect(FakeRecognition.instances).toHaveLength(MAX_CAPTURE_RESTARTS + 1);
  });

  it('keeps restarting after audio-capture once audio flowed again in between', () => {
    const r = recorder();
    new BrowserSpeechEngine(r.events, FakeRecognition, () => 0).start();
    for (let i = 0; i < MAX_CAPTURE_RESTARTS * 3; i += 1) {
      FakeRecognition.latest.onaudiostart?.();
      FakeRecognition.latest.fail('audio-capture');
      vi.advanceTimersByTime(1000);
    }
    FakeRecognition.latest.speak('ok', true);
    expect(r.failures).toEqual([]);
  });

  it("ignores 'aborted' and 'no-speech' and appends other errors as a line", () => {
    const r = recorder();
    new BrowserSpeechEngine(r.events, FakeRecognition).start();
    FakeRecognition.latest.fail('aborted');
    FakeRecognition.latest.fail('no-speech');
    FakeRecognition.latest.fail('language-not-supported');
    expect(r.lines).toEqual(['[Erro no reconhecimento de voz: language-not-supported]']);
    expect(r.failures).toEqual([]);
  });

  it('reports a denied microphone and stops', () => {
    const r = recorder();
    new BrowserSpeechEngine(r.events, FakeRecognition).start();
    FakeRecognition.latest.fail('not-allowed');
    expect(r.failures).toEqual([{ kind: 'permission-denied' }]);
  });

  it('reports an unsupported browser and a recognizer that cannot start', () => {
    const r = recorder();
    new BrowserSpeechEngine(r.events, null).start();
    FakeRecognition.startThrows = true;
    new BrowserSpeechEngine(r.events, FakeRecognition).start();
    expect(r.failures).toEqual([{ kind: 'not-supported' }, { kind: 'init-failed' }]);
  });

  it('does not restart after stop', async () => {
    const r = recorder();
    const engine = new BrowserSpeechEngine(r.events, FakeRecognition);
    engine.start();
    const rec = FakeRecognition.latest;
    await engine.stop();
    rec.end();
    vi.advanceTimersByTime(RESTART_EVERY_MS * 2);
    expect(rec.started).toBe(1);
  });
});
