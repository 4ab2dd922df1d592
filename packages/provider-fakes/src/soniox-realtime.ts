import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { type FakeControl, handleFakeControl, listen, readBody, sendJson } from './http.js';
import type { FakeSonioxKeyStore } from './soniox.js';

/** Soniox's browser handshake: `new WebSocket(url, ['soniox-api-key', temporaryKey])`. */
export const SONIOX_KEY_PROTOCOL = 'soniox-api-key';
export const FAKE_SONIOX_WS_PATH = '/transcribe-websocket';
/** The refusal of a connection whose key is not in the handshake (only in the start message). */
export const MISSING_CONNECTION_KEY =
  'API key must be sent with the connection (Authorization header or protocols list).';

export interface FakeSonioxToken {
  text: string;
  start_ms?: number;
  end_ms?: number;
  confidence?: number;
  is_final: boolean;
  speaker?: string;
  language?: string;
}

/** What a test may switch (in process, or through `PATCH <controlUrl>/_fake/behaviour`). */
export interface FakeSonioxRealtimeBehaviour {
  /** Hold every WebSocket upgrade this long before answering (a slow connection). */
  handshakeDelayMs?: number;
  /** Answer new sessions with Soniox's error reply once they sent this many audio frames. */
  apiError?: { code: number; message: string; afterAudioFrames?: number } | null;
  /** Audio frames per recognised word (the browser sends one every 120 ms). */
  framesPerWord?: number;
}

/** One connection as the fake saw it: what a test asserts on. */
export interface FakeSonioxSession {
  id: number;
  /**
   * How the key came: handshake protocols, Authorization header, or only in the start message
   * (the deprecated `api_key`, refused).
   */
  keySource: 'protocol' | 'header' | 'start-message' | 'none';
  keyAccepted: boolean;
  upgradeRequestedAt: number;
  openedAt: number;
  config?: Record<string, unknown>;
  audioFrames: number;
  audioBytes: number;
  /** Milliseconds after the socket opened at which each audio frame arrived (first 2,000). */
  audioFrameOffsetsMs: number[];
  finalizeCount: number;
  endFrameReceived: boolean;
  finished: boolean;
  error?: { code: number; message: string };
  closed: boolean;
  /** Final text sent so far, speaker-tagged lines joined with '\n'. */
  finalText: string;
}

/** What the fake recognises, in order: one utterance per speaker turn. */
export const DEFAULT_FAKE_SCRIPT: { speaker: string; text: string }[] = [
  { speaker: '1', text: 'Bom dia doutor, estou com dor de cabeça há três dias.' },
  { speaker: '2', text: 'Entendi. Vamos medir a pressão e a temperatura.' },
];

interface ScriptWord {
  text: string;
  speaker: string;
}

function wordsOf(script: { speaker: string; text: string }[]): ScriptWord[] {
  const words: ScriptWord[] = [];
  for (const turn of script)
    for (const word of turn.text.split(/\s+/).filter(Boolean))
      words.push({ text: words.length === 0 ? word : ` ${word}`, speaker: turn.speaker });
  return words;
}

const WORD_MS = 400;

/**
 * A local stand-in for Soniox's real-time WebSocket API (wss://stt-rt.soniox.com/transcribe-websocket),
 * speaking its wire protocol: the key in the handshake (protocols list `['soniox-api-key', key]`
 * from browsers, `Authorization: Bearer` from servers; a key only in the deprecated `api_key` of the
 * start message is refused with 401, as Soniox does from 2027-01-15), a JSON start message first, then binary audio frames; answers
 * `{tokens:[{text,start_ms,end_ms,confidence,is_final,speaker,language}], final_audio_proc_ms,
 * total_audio_proc_ms}` with non-final then final words as audio arrives; `{"type":"finalize"}`
 * finalizes and adds the `<fin>` token; an empty frame ends the stream with `finished: true` and a
 * close. Errors are Soniox's `{error_code, error_message}` followed by a close. Only keys that
 * `keys` (the REST fake's store) minted are accepted, once each when single-use.
 */
export async function startFakeSonioxRealtime(options: {
  keys: FakeSonioxKeyStore;
  script?: { speaker: string; text: string }[];
}) {
  const words = wordsOf(options.script ?? DEFAULT_FAKE_SCRIPT);
  const behaviour: FakeSonioxRealtimeBehaviour = {};
  const sessions: FakeSonioxSession[] = [];
  const sockets = new Set<WebSocket>();
  const control: FakeControl = {
    state: () => ({ sessions }),
    behaviour: behaviour as Record<string, unknown>,
  };

  const http = await listen(async (req, res) => {
    const body = await readBody(req);
    if (handleFakeControl(req, res, body, control)) return;
    sendJson(res, 404, { error_code: 404, error_message: 'Not found.' });
  });
  const wss = new WebSocketServer({
    noServer: true,
    // A browser fails the connection unless the server picks one of the offered protocols.
    handleProtocols: (protocols) =>
      protocols.has(SONIOX_KEY_PROTOCOL) ? SONIOX_KEY_PROTOCOL : false,
  });

  http.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const upgradeRequestedAt = Date.now();
    if (new URL(req.url ?? '/', 'http://fake').pathname !== FAKE_SONIOX_WS_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const accept = () =>
      wss.handleUpgrade(req, socket, head, (ws) => serve(ws, req, upgradeRequestedAt));
    const delay = behaviour.handshakeDelayMs ?? 0;
    if (delay > 0) setTimeout(accept, delay);
    else accept();
  });

  function keyFromHandshake(req: IncomingMessage): {
    key?: string;
    source: FakeSonioxSession['keySource'];
  } {
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (offered.includes(SONIOX_KEY_PROTOCOL)) {
      const key = offered.find((p) => p !== SONIOX_KEY_PROTOCOL);
      return { ...(key ? { key } : {}), source: 'protocol' };
    }
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''));
    if (bearer) return { key: bearer[1]!, source: 'header' };
    return { source: 'none' };
  }

  function serve(ws: WebSocket, req: IncomingMessage, upgradeRequestedAt: number): void {
    sockets.add(ws);
    const handshake = keyFromHandshake(req);
    const session: FakeSonioxSession = {
      id: sessions.length + 1,
      keySource: handshake.source,
      keyAccepted: false,
      upgradeRequestedAt,
      openedAt: Date.now(),
      audioFrames: 0,
      audioBytes: 0,
      audioFrameOffsetsMs: [],
      finalizeCount: 0,
      endFrameReceived: false,
      finished: false,
      closed: false,
      finalText: '',
    };
    sessions.push(session);
    const apiError = behaviour.apiError ?? undefined;
    const framesPerWord = Math.max(1, behaviour.framesPerWord ?? 3);
    let spoken = 0; // words recognised so far (the last one may still be non-final)
    let finalized = 0; // words sent as final
    let lastSpeaker: string | undefined;

    let acceptedKey: string | undefined;
    ws.on('close', () => {
      session.closed = true;
      sockets.delete(ws);
      // Soniox logs a session's usage once it completes (GET /v1/usage-logs on the REST twin).
      if (acceptedKey) options.keys.recordSession(acceptedKey, session.openedAt, Date.now());
    });

    const send = (message: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const fail = (code: number, message: string) => {
      session.error = { code, message };
      send({ error_code: code, error_message: message });
      ws.close(1000);
    };
    const token = (index: number, isFinal: boolean): FakeSonioxToken => {
      const word = words[index % words.length]!;
      return {
        text: word.text,
        start_ms: index * WORD_MS,
        end_ms: index * WORD_MS + WORD_MS - 50,
        confidence: 0.97,
        is_final: isFinal,
        speaker: word.speaker,
        language: 'pt',
      };
    };
    const finalTokens = (upTo: number): FakeSonioxToken[] => {
      const tokens: FakeSonioxToken[] = [];
      for (; finalized < upTo; finalized += 1) {
        const t = token(finalized, true);
        if (t.speaker !== lastSpeaker) {
          session.finalText += `${session.finalText ? '\n' : ''}[${t.speaker}]`;
          lastSpeaker = t.speaker;
        }
        session.finalText += t.text;
        tokens.push(t);
      }
      return tokens;
    };
    const progress = (tokens: FakeSonioxToken[], extra: Record<string, unknown> = {}) =>
      send({
        tokens,
        final_audio_proc_ms: finalized * WORD_MS,
        total_audio_proc_ms: spoken * WORD_MS,
        ...extra,
      });

    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (session.finished || session.error) return;
      const bytes = Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.isBuffer(data)
          ? data
          : Buffer.from(data);
      if (!session.config) {
        if (isBinary) return fail(400, 'Start request must be a JSON text message.');
        let config: Record<string, unknown>;
        try {
          config = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
        } catch {
          return fail(400, 'Start request is not valid JSON.');
        }
        session.config = { ...config, ...(config.api_key ? { api_key: '[redacted]' } : {}) };
        const key = handshake.key;
        if (!key) {
          // Soniox from 2027-01-15: a key sent only in the start message no longer opens a
          // stream; the fake is already that strict so the browser suite proves the handshake.
          if (typeof config.api_key === 'string') session.keySource = 'start-message';
          return fail(401, MISSING_CONNECTION_KEY);
        }
        if (!options.keys.consume(key)) return fail(401, 'Invalid API key.');
        session.keyAccepted = true;
        acceptedKey = key;
        if (typeof config.model !== 'string' || !config.model.startsWith('stt-rt'))
          return fail(400, 'Invalid model specified.');
        if (typeof config.audio_format !== 'string')
          return fail(400, 'Missing audio_format in start request.');
        return;
      }
      if (bytes.length === 0) {
        // The end of the stream: everything left becomes final, then `finished` and a close.
        session.endFrameReceived = true;
        const tokens = finalTokens(spoken);
        session.finished = true;
        progress(tokens, { finished: true });
        ws.close(1000);
        return;
      }
      if (!isBinary) {
        let message: { type?: unknown };
        try {
          message = JSON.parse(bytes.toString('utf8')) as { type?: unknown };
        } catch {
          return fail(400, 'Control message is not valid JSON.');
        }
        if (message.type === 'finalize') {
          session.finalizeCount += 1;
          progress([...finalTokens(spoken), { text: '<fin>', is_final: true }]);
        } else if (message.type !== 'keepalive') fail(400, 'Unknown control message type.');
        return;
      }
      session.audioFrames += 1;
      session.audioBytes += bytes.length;
      if (session.audioFrameOffsetsMs.length < 2000)
        session.audioFrameOffsetsMs.push(Date.now() - session.openedAt);
      if (apiError && session.audioFrames >= (apiError.afterAudioFrames ?? 1))
        return fail(apiError.code, apiError.message);
      if (session.audioFrames % framesPerWord === 0) {
        // The word heard before becomes final; the new one is the non-final tail.
        const tokens = finalTokens(spoken);
        spoken += 1;
        tokens.push(token(spoken - 1, false));
        progress(tokens);
      }
    });
  }

  const { port } = new URL(http.url);
  return {
    /** The WebSocket address to configure (SONIOX_WS_URL). */
    url: `ws://127.0.0.1:${port}${FAKE_SONIOX_WS_PATH}`,
    /** Base URL of `GET /_fake/state` and `PATCH /_fake/behaviour`. */
    controlUrl: http.url,
    sessions,
    behaviour,
    async close() {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await http.close();
    },
  };
}

export type FakeSonioxRealtime = Awaited<ReturnType<typeof startFakeSonioxRealtime>>;
