import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpeechEngine, SpeechEngineEvents } from '../../speech/engine';
import { AUTO_END_SILENCE_MS } from '../../speech/sessions';
import { TranscriptStore } from '../../speech/transcript-store';
import { makeStore } from '../../store';
import {
  RecordingController,
  type RecordingDeps,
  USAGE_REPORT_EVERY_SECONDS,
} from './recording-controller';

/** An engine double that exposes its events to the test. */
class FakeEngine implements SpeechEngine {
  started = 0;
  stopped = 0;
  constructor(
    readonly kind: 'browser' | 'soniox',
    readonly events: SpeechEngineEvents,
  ) {}
  start() {
    this.started += 1;
    this.events.onRunning?.();
  }
  async stop() {
    this.stopped += 1;
  }
}

function setup(secondsLeft: number | null = 600) {
  const store = makeStore();
  const engines: FakeEngine[] = [];
  const transcript = new TranscriptStore();
  let left = secondsLeft;
  let clock = 0;
  const deps: RecordingDeps = {
    dispatch: store.dispatch,
    toast: vi.fn(),
    superSecondsLeft: () =>
      left === null ? null : left - store.getState().workspace.recording.unreportedSuperSeconds,
    notifyLimitReached: vi.fn(),
    reportUsage: vi.fn(async (seconds: number, _streamEnded: boolean) => {
      if (left !== null) left -= seconds;
    }),
    countSession: vi.fn(async () => {}),
    createBrowserEngine: (events) => {
      const engine = new FakeEngine('browser', events);
      engines.push(engine);
      return engine;
    },
    createSonioxEngine: (events) => {
      const engine = new FakeEngine('soniox', events);
      engines.push(engine);
      return engine;
    },
    now: () => clock,
  };
  const controller = new RecordingController(transcript, deps);
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };
  return { store, engines, transcript, controller, deps, advance };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('transcription count (Minha Área)', () => {
  it('counts one per speech session: the first final text, again after 60 s of silence', async () => {
    const t = setup(null);
    t.controller.start(false);
    expect(t.deps.countSession).not.toHaveBeenCalled();
    t.engines[0]?.events.onFinal('paciente relata', undefined);
    t.engines[0]?.events.onFinal('dor de cabeça', undefined);
    expect(t.deps.countSession).toHaveBeenCalledTimes(1);
    t.advance(61_000);
    t.engines[0]?.events.onFinal('retorno em 7 dias', undefined);
    expect(t.deps.countSession).toHaveBeenCalledTimes(2);
    await t.controller.stop();
    t.controller.start(false);
    t.engines[1]?.events.onFinal('nova fala', undefined);
    const ids = vi.mocked(t.deps.countSession!).mock.calls.map(([id]) => id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps transcribing when counting fails', async () => {
    const t = setup(null);
    t.deps.countSession = vi.fn(async () => {
      throw new Error('offline');
    });
    t.controller.start(false);
    t.engines[0]?.events.onFinal('paciente relata', undefined);
    await Promise.resolve();
    expect(t.controller.isRecording).toBe(true);
    expect(t.transcript.value).toBe('paciente relata');
  });
});

describe('recording with the Super Transcritor', () => {
  it('uses the realtime engine, shows its badge, merges speaker labels, and reports usage', async () => {
    const t = setup();
    t.controller.start(true);
    expect(t.engines[0]?.kind).toBe('soniox');
    expect(t.store.getState().workspace.recording.engine).toBe('soniox');
    t.engines[0]?.events.onFinal('Bom dia', '1');
    t.engines[0]?.events.onFinal(' doutor', undefined);
    expect(t.transcript.value).toBe('Falante 1:\nBom dia doutor');
    t.advance(USAGE_REPORT_EVERY_SECONDS * 1000);
    expect(t.deps.reportUsage).toHaveBeenCalledWith(USAGE_REPORT_EVERY_SECONDS, false);
    t.advance(5_000);
    await t.controller.stop();
    // The last report closes the stream, so the server lets the next one start.
    expect(t.deps.reportUsage).toHaveBeenLastCalledWith(5, true);
  });

  it('falls back to the browser engine with a notice when the realtime service fails', async () => {
    const t = setup();
    t.controller.start(true);
    t.engines[0]?.events.onFailure({
      kind: 'realtime',
      code: 'websocket_error',
      message: 'A conexão com o Super Transcritor foi interrompida.',
    });
    await vi.waitFor(() => expect(t.engines[1]?.kind).toBe('browser'));
    expect(t.deps.toast).toHaveBeenCalledWith({
      title: 'Super Transcritor',
      description:
        'A conexão com o Super Transcritor foi interrompida. Usando o reconhecimento de voz do navegador.',
      variant: 'destructive',
    });
    expect(t.controller.isRecording).toBe(true);
    // Text from the engine that failed is no longer taken.
    t.engines[0]?.events.onFinal('atrasado');
    t.engines[1]?.events.onFinal('continua');
    expect(t.transcript.value).toBe('continua');
  });

  it("says 'Transcritor alternativo indisponível' when no key can be had", async () => {
    const t = setup();
    t.controller.start(true);
    t.engines[0]?.events.onFailure({
      kind: 'realtime',
      code: 'api_key_fetch_failed',
      message: 'Não foi possível obter a chave de acesso do Super Transcritor.',
    });
    await vi.waitFor(() => expect(t.engines[1]?.kind).toBe('browser'));
    expect(t.deps.toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Transcritor alternativo indisponível' }),
    );
  });

  it('is blocked at the allowance: notice, then the browser engine', () => {
    const none = setup(0);
    none.controller.start(true);
    expect(none.deps.notifyLimitReached).toHaveBeenCalled();
    expect(none.engines[0]?.kind).toBe('browser');

    const some = setup(3);
    some.controller.start(true);
    some.advance(3_000);
    expect(some.deps.notifyLimitReached).toHaveBeenCalledTimes(1);
    expect(some.engines.map((e) => e.kind)).toEqual(['soniox', 'browser']);
    expect(some.engines[0]?.stopped).toBe(1);
  });

  it("ends automatically after 8 hours of silence: 'Encerrado automaticamente: silêncio ≥8 horas'", () => {
    const t = setup(null);
    t.controller.start(false);
    t.engines[0]?.events.onFinal('olá');
    t.advance(AUTO_END_SILENCE_MS);
    expect(t.deps.toast).toHaveBeenCalledWith({
      title: 'Encerrado automaticamente: silêncio ≥8 horas',
    });
    expect(t.controller.isRecording).toBe(false);
    // The speech session itself had already ended after 60 s of silence.
    expect(t.controller.segments.map((s) => s.reason)).toEqual(['silence']);
  });
});
