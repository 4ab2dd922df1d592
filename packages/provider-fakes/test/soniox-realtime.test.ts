import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type FakeSonioxRealtime,
  isProtocolToken,
  MISSING_CONNECTION_KEY,
  SONIOX_KEY_PROTOCOL,
  startFakeSoniox,
  startFakeSonioxRealtime,
} from '../src/index.js';

let rest: Awaited<ReturnType<typeof startFakeSoniox>>;
let realtime: FakeSonioxRealtime;

beforeAll(async () => {
  rest = await startFakeSoniox('soniox-test-key');
  realtime = await startFakeSonioxRealtime({ keys: rest.keys });
});
afterAll(async () => {
  await realtime.close();
  await rest.close();
});

async function mintKey(): Promise<string> {
  const res = await fetch(`${rest.url}/v1/auth/temporary-api-key`, {
    method: 'POST',
    headers: { authorization: `Bearer ${rest.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      usage_type: 'transcribe_websocket',
      expires_in_seconds: 60,
      single_use: true,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { api_key: string }).api_key;
}

interface Reply {
  tokens?: { text: string; is_final: boolean; speaker?: string }[];
  finished?: boolean;
  error_code?: number;
  error_message?: string;
  final_audio_proc_ms?: number;
  total_audio_proc_ms?: number;
}

/** Opens a browser-style connection and collects every reply until the server closes. */
async function connect(key: string) {
  const ws = new WebSocket(realtime.url, [SONIOX_KEY_PROTOCOL, key]);
  const replies: Reply[] = [];
  ws.on('message', (data) => replies.push(JSON.parse(String(data)) as Reply));
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, replies, closed };
}

const config = { model: 'stt-rt-preview', audio_format: 'auto', language_hints: ['pt'] };
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe('fake Soniox realtime WebSocket', () => {
  it('streams tokens for the audio it counts, finalizes, and ends on the empty frame', async () => {
    const key = await mintKey();
    const { ws, replies, closed } = await connect(key);
    expect(ws.protocol).toBe(SONIOX_KEY_PROTOCOL);
    ws.send(JSON.stringify(config));
    for (let i = 0; i < 6; i += 1) ws.send(Buffer.alloc(100, i));
    await waitFor(() => replies.length >= 2);
    expect(replies[0]?.tokens).toEqual([
      expect.objectContaining({ text: 'Bom', is_final: false, speaker: '1' }),
    ]);
    expect(replies[1]?.tokens?.map((t) => [t.text, t.is_final])).toEqual([
      ['Bom', true],
      [' dia', false],
    ]);
    expect(replies[1]).toMatchObject({ final_audio_proc_ms: 400, total_audio_proc_ms: 800 });

    ws.send(JSON.stringify({ type: 'finalize' }));
    await waitFor(() => replies.length >= 3);
    expect(replies[2]?.tokens?.map((t) => t.text)).toEqual([' dia', '<fin>']);
    ws.send('');
    await closed;
    expect(replies.at(-1)).toMatchObject({ tokens: [], finished: true });

    const session = realtime.sessions.at(-1)!;
    await waitFor(() => session.closed);
    expect(session).toMatchObject({
      keySource: 'protocol',
      keyAccepted: true,
      audioFrames: 6,
      audioBytes: 600,
      finalizeCount: 1,
      endFrameReceived: true,
      finished: true,
      closed: true,
      finalText: '[1]Bom dia',
    });
    expect(session.config).toMatchObject(config);
  });

  it('refuses a key it never minted, and a single-use key the second time', async () => {
    const unknown = await connect('temp_NOT-MINTED');
    unknown.ws.send(JSON.stringify(config));
    await unknown.closed;
    expect(unknown.replies).toEqual([{ error_code: 401, error_message: 'Invalid API key.' }]);

    // Servers send the key in the Authorization header.
    const byHeader = new WebSocket(realtime.url, {
      headers: { authorization: `Bearer ${await mintKey()}` },
    });
    await new Promise((resolve) => byHeader.once('open', resolve));
    byHeader.send(JSON.stringify(config));
    byHeader.send('');
    await new Promise((resolve) => byHeader.once('close', resolve));
    expect(realtime.sessions.at(-1)).toMatchObject({ keySource: 'header', finished: true });

    const key = await mintKey();
    const first = await connect(key);
    first.ws.send(JSON.stringify(config));
    first.ws.send('');
    await first.closed;
    const second = await connect(key);
    second.ws.send(JSON.stringify(config));
    await second.closed;
    expect(second.replies[0]?.error_code).toBe(401);
  });

  it('mints keys a browser can offer as a WebSocket protocol', async () => {
    const key = await mintKey();
    expect(key).toMatch(/^temp_[0-9A-F]{26}$/);
    expect(isProtocolToken(key)).toBe(true);
    expect(isProtocolToken('temp:ABC')).toBe(false);
  });

  it('refuses a key sent only in the start message (Soniox from 2027-01-15)', async () => {
    const legacy = new WebSocket(realtime.url);
    const replies: unknown[] = [];
    legacy.on('message', (data) => replies.push(JSON.parse(String(data))));
    await new Promise((resolve) => legacy.once('open', resolve));
    const key = await mintKey();
    legacy.send(JSON.stringify({ ...config, api_key: key }));
    await new Promise((resolve) => legacy.once('close', resolve));
    expect(replies).toEqual([{ error_code: 401, error_message: MISSING_CONNECTION_KEY }]);
    expect(realtime.sessions.at(-1)).toMatchObject({
      keySource: 'start-message',
      keyAccepted: false,
      config: { api_key: '[redacted]' },
    });
    // The key was not spent: the same key still opens a stream the documented way.
    const proper = await connect(key);
    proper.ws.send(JSON.stringify(config));
    proper.ws.send('');
    await proper.closed;
    expect(realtime.sessions.at(-1)).toMatchObject({ keySource: 'protocol', finished: true });
  });

  it('wants the JSON start message before any audio', async () => {
    const { ws, replies, closed } = await connect(await mintKey());
    ws.send(Buffer.alloc(10));
    await closed;
    expect(replies[0]?.error_code).toBe(400);
  });

  it('is steered through its control endpoint: a slow handshake and an api_error', async () => {
    const patch = await fetch(`${realtime.controlUrl}/_fake/behaviour`, {
      method: 'PATCH',
      body: JSON.stringify({
        handshakeDelayMs: 300,
        apiError: { code: 503, message: 'Cannot continue request (code 1).', afterAudioFrames: 2 },
      }),
    });
    expect(patch.status).toBe(200);
    try {
      const { ws, replies, closed } = await connect(await mintKey());
      ws.send(JSON.stringify(config));
      ws.send(Buffer.alloc(10));
      ws.send(Buffer.alloc(10));
      await closed;
      expect(replies.at(-1)).toEqual({
        error_code: 503,
        error_message: 'Cannot continue request (code 1).',
      });
      const state = (await (await fetch(`${realtime.controlUrl}/_fake/state`)).json()) as {
        sessions: { openedAt: number; upgradeRequestedAt: number; audioBytes: number }[];
      };
      const session = state.sessions.at(-1)!;
      expect(session.openedAt - session.upgradeRequestedAt).toBeGreaterThanOrEqual(290);
      expect(session.audioBytes).toBe(20);
    } finally {
      Object.assign(realtime.behaviour, { handshakeDelayMs: 0, apiError: null });
    }
  });
});
