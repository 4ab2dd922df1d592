import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type RecorderLike,
  SONIOX_CHUNK_MS,
  SONIOX_DEFAULT_URL,
  SONIOX_KEY_PROTOCOL,
  SONIOX_QUEUE_LIMIT,
  type SocketLike,
  type SonioxDependencies,
  SonioxRealtimeClient,
  type SonioxState,
} from './client';

/** An in-process WebSocket double: records what the client sends, lets the test answer. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null = null;
  sent: (string | Blob | ArrayBuffer)[] = [];
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  answer(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  send(data: string | Blob | ArrayBuffer) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  get texts() {
    return this.sent.filter((d): d is string => typeof d === 'string');
  }
}

class FakeRecorder implements RecorderLike {
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onstop: (() => void) | null = null;
  state = 'inactive';
  timeslice = 0;
  start(timeslice: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.chunk('last');
    this.onstop?.();
  }
  chunk(text = 'audio') {
    this.ondataavailable?.({ data: new Blob([text]) });
  }
}

function setup(overrides: Partial<SonioxDependencies> = {}) {
  const sockets: FakeSocket[] = [];
  const recorder = new FakeRecorder();
  const track = { stop: vi.fn() };
  const deps: SonioxDependencies = {
    fetchKey: async () => ({ apiKey: 'temp-key-1' }),
    getUserMedia: async () => ({ getTracks: () => [track] }) as unknown as MediaStream,
    createRecorder: () => recorder,
    createSocket: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
    ...overrides,
  };
  const states: SonioxState[] = [];
  const finals: [string, string | undefined][] = [];
  const nonFinals: string[] = [];
  const errors: [string, string][] = [];
  const client = new SonioxRealtimeClient(deps, {
    onStateChange: (s) => states.push(s),
    onFinal: (t, s) => finals.push([t, s]),
    onNonFinal: (t) => nonFinals.push(t),
    onError: (code, message) => errors.push([code, message]),
  });
  const socket = () => sockets[0] as FakeSocket;
  return { client, recorder, socket, states, finals, nonFinals, errors, track };
}

beforeEach(() => {
  vi.stubGlobal('crypto', { randomUUID: () => '11111111-1111-4111-8111-111111111111' });
});
afterEach(() => vi.unstubAllGlobals());

describe('Super Transcritor realtime client', () => {
  it('sends the key in the handshake, then the first-message config, then the queued audio', async () => {
    const t = setup();
    await t.client.start();
    expect(t.states).toEqual(['RequestingMedia', 'OpeningWebSocket']);
    expect(t.recorder.timeslice).toBe(SONIOX_CHUNK_MS);
    expect(t.socket().protocols).toEqual([SONIOX_KEY_PROTOCOL, 'temp-key-1']);
    t.recorder.chunk('a');
    t.recorder.chunk('b');
    expect(t.socket().sent).toEqual([]);
    t.socket().open();
    expect(t.client.state).toBe('Running');
    const config = JSON.parse(t.socket().sent[0] as string);
    expect(config).toMatchObject({
      model: 'stt-rt-preview',
      sample_rate: 44100,
      num_channels: 1,
      language_hints: ['pt'],
      enable_speaker_diarization: true,
    });
    expect(config.api_key).toBeUndefined();
    expect(
      t
        .socket()
        .sent.slice(1)
        .every((d) => d instanceof Blob),
    ).toBe(true);
    expect(t.socket().sent).toHaveLength(3);
  });

  it("opens the socket at the server's address, else the build's, else Soniox's", async () => {
    const fromServer = setup({
      fetchKey: async () => ({ apiKey: 'k1', wsUrl: 'ws://127.0.0.1:4100/transcribe-websocket' }),
      url: 'wss://build.example/ws',
    });
    await fromServer.client.start();
    expect(fromServer.socket().url).toBe('ws://127.0.0.1:4100/transcribe-websocket');
    const fromBuild = setup({ url: 'wss://build.example/ws' });
    await fromBuild.client.start();
    expect(fromBuild.socket().url).toBe('wss://build.example/ws');
    const byDefault = setup();
    await byDefault.client.start();
    expect(byDefault.socket().url).toBe(SONIOX_DEFAULT_URL);
  });

  it('never falls back to the start message: a key that is no protocol token fails the connection', async () => {
    const t = setup({ fetchKey: async () => ({ apiKey: 'temp:ABC123' }) });
    await t.client.start();
    expect(t.socket()).toBeUndefined();
    expect(t.client.state).toBe('Error');
    expect(t.errors.map(([code]) => code)).toEqual(['websocket_error']);
    expect(t.track.stop).toHaveBeenCalled();
  });

  it('merges final and non-final tokens with speaker labels', async () => {
    const t = setup();
    await t.client.start();
    t.socket().open();
    t.socket().answer({
      tokens: [
        { text: 'Bom', is_final: true, speaker: '1' },
        { text: ' dia', is_final: true, speaker: '1' },
        { text: ' Olá', is_final: true, speaker: '2' },
        { text: ' dou', is_final: false, speaker: '2' },
        { text: 'tor', is_final: false, speaker: '2' },
      ],
    });
    t.socket().answer({
      tokens: [
        { text: ' doutor', is_final: true, speaker: '2' },
        { text: '<end>', is_final: true },
      ],
    });
    expect(t.finals).toEqual([
      ['Bom dia', '1'],
      [' Olá', '2'],
      [' doutor', undefined],
    ]);
    expect(t.nonFinals).toEqual(['doutor', '']);
  });

  it('stops with finalize then an empty message, and finishes on `finished`', async () => {
    const t = setup();
    await t.client.start();
    t.socket().open();
    const stopped = t.client.stop();
    await vi.waitFor(() => expect(t.socket().texts.slice(-2)).toEqual(['{"type":"finalize"}', '']));
    expect(t.client.state).toBe('FinishingProcessing');
    t.socket().answer({
      tokens: [
        { text: 'fim', is_final: true },
        { text: '<fin>', is_final: true },
      ],
      finished: true,
    });
    await stopped;
    expect(t.client.state).toBe('Finished');
    expect(t.finals).toEqual([['fim', undefined]]);
    expect(t.track.stop).toHaveBeenCalled();
    expect(t.socket().closed).toBe(true);
  });

  it('fails with queue_limit_exceeded when the socket does not open in time', async () => {
    const t = setup();
    await t.client.start();
    for (let i = 0; i <= SONIOX_QUEUE_LIMIT; i += 1) t.recorder.chunk();
    expect(t.errors[0]?.[0]).toBe('queue_limit_exceeded');
    expect(t.client.state).toBe('Error');
  });

  it('maps each failure to its error code', async () => {
    const keyless = setup({ fetchKey: () => Promise.reject(new Error('503')) });
    await keyless.client.start();
    const micless = setup({ getUserMedia: () => Promise.reject(new Error('denied')) });
    await micless.client.start();
    const socketless = setup();
    await socketless.client.start();
    socketless.socket().onerror?.({});
    const refused = setup();
    await refused.client.start();
    refused.socket().open();
    refused.socket().answer({ error_code: 401, error_message: 'Invalid API key.' });
    const recorderless = setup();
    await recorderless.client.start();
    recorderless.recorder.onerror?.({});
    expect(
      [keyless, micless, socketless, refused, recorderless].map((t) => t.errors[0]?.[0]),
    ).toEqual([
      'api_key_fetch_failed',
      'get_user_media_failed',
      'websocket_error',
      'api_error',
      'media_recorder_error',
    ]);
    expect(refused.errors[0]?.[1]).toBe('O Super Transcritor recusou o áudio. (Invalid API key.)');
  });

  it('treats an unexpected close while running as a websocket error, and cancel as Canceled', async () => {
    const t = setup();
    await t.client.start();
    t.socket().open();
    t.socket().onclose?.({ code: 1006 });
    expect(t.errors[0]?.[0]).toBe('websocket_error');
    const c = setup();
    await c.client.start();
    c.client.cancel();
    expect(c.client.state).toBe('Canceled');
    expect(c.errors).toEqual([]);
  });
});
