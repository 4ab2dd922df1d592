import { SONIOX_ERROR_MESSAGES, type SonioxErrorCode } from './messages';

/** The realtime client's states. */
export type SonioxState =
  | 'Init'
  | 'RequestingMedia'
  | 'OpeningWebSocket'
  | 'Running'
  | 'FinishingProcessing'
  | 'Finished'
  | 'Error'
  | 'Canceled';

/** How long the browser waits for the provider to open the socket. */
export const SONIOX_CHUNK_MS = 120;
export const SONIOX_QUEUE_LIMIT = 1000;
export const SONIOX_DEFAULT_MODEL = 'stt-rt-preview';
export const SONIOX_DEFAULT_URL = 'wss://stt-rt.soniox.com/transcribe-websocket';
/** Soniox's browser handshake: the key rides in the WebSocket protocols list. */
export const SONIOX_KEY_PROTOCOL = 'soniox-api-key';
/**
 * What a browser accepts as a WebSocket protocol (RFC 6455: an HTTP token). `new WebSocket()`
 * throws on anything else; there is no second way to send the key (Soniox refuses a key sent only
 * in the start message from 2027-01-15), so such a key fails the connection as a websocket_error.
 */
const PROTOCOL_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FINISH_TIMEOUT_MS = 15_000;

export interface SonioxToken {
  text: string;
  is_final: boolean;
  speaker?: string;
}

interface SonioxResponse {
  tokens?: SonioxToken[];
  finished?: boolean;
  error_code?: number | string;
  error_message?: string;
}

/** The WebSocket surface the client needs (the browser's, or a test double). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  send(data: string | Blob | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
}

export interface RecorderLike {
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onstop?: (() => void) | null;
  start(timesliceMs: number): void;
  stop(): void;
  readonly state: string;
}

export interface SonioxDependencies {
  /** The temporary key, and where to open the socket with it (the server's SONIOX_WS_URL). */
  fetchKey(): Promise<{ apiKey: string; wsUrl?: string }>;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  createRecorder(stream: MediaStream): RecorderLike;
  createSocket(url: string, protocols: string[]): SocketLike;
  url?: string;
  model?: string;
}

export interface SonioxCallbacks {
  onStateChange?(state: SonioxState): void;
  /** New final text (spacing as sent); `speaker` when diarization changed the speaker. */
  onFinal(text: string, speaker?: string): void;
  /** The current non-final tail. */
  onNonFinal(text: string): void;
  onError(code: SonioxErrorCode, message: string, detail?: unknown): void;
}

export class SonioxError extends Error {
  constructor(
    readonly code: SonioxErrorCode,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

/**
 * The Super Transcritor's realtime client: microphone -> MediaRecorder (120 ms chunks) -> Soniox
 * WebSocket, with the chunks queued while the socket opens. Stopping sends a finalize, then an
 * empty message, and waits for `finished`.
 */
export class SonioxRealtimeClient {
  private stateValue: SonioxState = 'Init';
  private socket: SocketLike | null = null;
  private recorder: RecorderLike | null = null;
  private stream: MediaStream | null = null;
  private readonly queue: Blob[] = [];
  private configured = false;
  private lastSpeaker: string | undefined;
  private finishWaiter: (() => void) | null = null;
  /** Set when the key cannot ride in the handshake and must go in the start message. */

  constructor(
    private readonly deps: SonioxDependencies,
    private readonly callbacks: SonioxCallbacks,
  ) {}

  get state(): SonioxState {
    return this.stateValue;
  }

  async start(): Promise<void> {
    if (this.stateValue !== 'Init') throw new Error('A Soniox client starts once');
    this.setState('RequestingMedia');
    let apiKey: string;
    let socketUrl: string;
    try {
      const key = await this.deps.fetchKey();
      apiKey = key.apiKey;
      // The server's address first (run-time setting), then the build's, then Soniox's.
      socketUrl = key.wsUrl || this.deps.url || SONIOX_DEFAULT_URL;
    } catch (error) {
      // The server's own pt-BR reason (e.g. 'Transcritor alternativo indisponível') is shown too.
      return this.fail('api_key_fetch_failed', error, (error as Error)?.message || undefined);
    }
    if (this.isOver()) return;
    try {
      this.stream = await this.deps.getUserMedia({
        audio: {
          channelCount: 1,
          sampleRate: 44_100,
          echoCancellation: true,
          noiseSuppression: true,
        },
      });
    } catch (error) {
      return this.fail('get_user_media_failed', error);
    }
    if (this.isOver()) return this.releaseMedia();

    this.setState('OpeningWebSocket');
    try {
      this.recorder = this.deps.createRecorder(this.stream);
      this.recorder.ondataavailable = (event) => this.onAudio(event.data);
      this.recorder.onerror = (event) => this.fail('media_recorder_error', event);
      this.recorder.start(SONIOX_CHUNK_MS);
    } catch (error) {
      return this.fail('media_recorder_error', error);
    }

    try {
      if (!PROTOCOL_TOKEN.test(apiKey))
        throw new SyntaxError('The temporary key cannot be sent as a WebSocket protocol.');
      this.socket = this.deps.createSocket(socketUrl, [SONIOX_KEY_PROTOCOL, apiKey]);
    } catch (error) {
      return this.fail('websocket_error', error);
    }
    this.socket.onopen = () => this.onOpen();
    this.socket.onmessage = (event) => this.onMessage(event.data);
    this.socket.onerror = (event) => this.fail('websocket_error', event);
    this.socket.onclose = (event) => {
      if (this.stateValue === 'Running' || this.stateValue === 'OpeningWebSocket')
        this.fail('websocket_error', event);
      else this.resolveFinish();
    };
  }

  /** Finalizes what was said and ends the stream; resolves once Soniox says it is finished. */
  async stop(): Promise<void> {
    if (this.isOver()) return;
    if (this.stateValue !== 'Running') return this.cancel();
    this.setState('FinishingProcessing');
    const finished = new Promise<void>((resolve) => {
      this.finishWaiter = resolve;
    });
    const recorder = this.recorder;
    if (recorder && recorder.state !== 'inactive') {
      // The recorder's last chunk arrives before its stop event: send it, then finalize.
      await new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
        recorder.stop();
        setTimeout(resolve, 500);
      });
    }
    this.releaseMedia();
    this.sendSafely(JSON.stringify({ type: 'finalize' }));
    this.sendSafely('');
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, FINISH_TIMEOUT_MS));
    await Promise.race([finished, timeout]);
    this.closeSocket();
    // The state may have changed while awaiting (an error or a cancel).
    if (this.state === 'FinishingProcessing') this.setState('Finished');
  }

  cancel(): void {
    if (this.isOver()) return;
    this.setState('Canceled');
    this.teardown();
  }

  private onAudio(chunk: Blob): void {
    if (this.isOver() || chunk.size === 0) return;
    if (this.socket && this.configured && this.socket.readyState === 1) {
      this.socket.send(chunk);
      return;
    }
    if (this.queue.length >= SONIOX_QUEUE_LIMIT) {
      this.fail('queue_limit_exceeded');
      return;
    }
    this.queue.push(chunk);
  }

  private onOpen(): void {
    if (this.isOver() || !this.socket) return;
    // The first message, without `api_key`: the key went with the handshake (Soniox
    // deprecates `api_key` here and refuses key-only-here connections from 2027-01-15).
    this.socket.send(
      JSON.stringify({
        model: this.deps.model ?? SONIOX_DEFAULT_MODEL,
        audio_format: 'auto',
        sample_rate: 44_100,
        num_channels: 1,
        language_hints: ['pt'],
        context: 'Consulta clínica em português do Brasil.',
        enable_speaker_diarization: true,
        enable_language_identification: false,
        enable_endpoint_detection: true,
        translation: null,
        max_non_final_tokens_duration_ms: 2_000,
        client_reference_id: crypto.randomUUID(),
      }),
    );
    this.configured = true;
    for (const chunk of this.queue.splice(0)) this.socket.send(chunk);
    this.setState('Running');
  }

  private onMessage(data: unknown): void {
    if (this.stateValue === 'Error' || this.stateValue === 'Canceled') return;
    let message: SonioxResponse;
    try {
      message = JSON.parse(String(data)) as SonioxResponse;
    } catch {
      return;
    }
    if (message.error_code !== undefined && message.error_code !== null) {
      this.fail('api_error', message, message.error_message);
      return;
    }
    this.mergeTokens(message.tokens ?? []);
    if (message.finished) {
      this.callbacks.onNonFinal('');
      this.resolveFinish();
    }
  }

  /** Final tokens are emitted once each, grouped by speaker; non-final ones replace the tail. */
  private mergeTokens(tokens: SonioxToken[]): void {
    let finalText = '';
    let finalSpeaker: string | undefined;
    let nonFinal = '';
    const flush = () => {
      if (!finalText) return;
      const changed = finalSpeaker !== undefined && finalSpeaker !== this.lastSpeaker;
      if (finalSpeaker !== undefined) this.lastSpeaker = finalSpeaker;
      this.callbacks.onFinal(finalText, changed ? finalSpeaker : undefined);
      finalText = '';
    };
    for (const token of tokens) {
      if (token.text === '<fin>' || token.text === '<end>') continue;
      if (token.is_final) {
        if (token.speaker !== undefined && token.speaker !== finalSpeaker && finalText) flush();
        if (token.speaker !== undefined) finalSpeaker = token.speaker;
        finalText += token.text;
      } else nonFinal += token.text;
    }
    flush();
    this.callbacks.onNonFinal(nonFinal.trim());
  }

  private fail(code: SonioxErrorCode, detail?: unknown, serverMessage?: string): void {
    if (this.isOver()) return;
    this.setState('Error');
    this.teardown();
    const base = SONIOX_ERROR_MESSAGES[code];
    this.callbacks.onError(code, serverMessage ? `${base} (${serverMessage})` : base, detail);
  }

  private teardown(): void {
    this.queue.length = 0;
    try {
      if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    } catch {
      // already stopped
    }
    this.releaseMedia();
    this.closeSocket();
    this.resolveFinish();
  }

  private releaseMedia(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onclose = null;
    socket.onerror = null;
    socket.onmessage = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private sendSafely(data: string): void {
    try {
      if (this.socket?.readyState === 1) this.socket.send(data);
    } catch {
      // the socket closed under us; the finish timeout ends the wait
    }
  }

  private resolveFinish(): void {
    const waiter = this.finishWaiter;
    this.finishWaiter = null;
    waiter?.();
  }

  private isOver(): boolean {
    return (
      this.stateValue === 'Finished' ||
      this.stateValue === 'Error' ||
      this.stateValue === 'Canceled'
    );
  }

  private setState(state: SonioxState): void {
    this.stateValue = state;
    this.callbacks.onStateChange?.(state);
  }
}
