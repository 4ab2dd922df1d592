import { WorkspaceStrings as S } from '../strings/workspace';
import type { SpeechEngine, SpeechEngineEvents } from './engine';

/** The parts of the Web Speech API we use (TypeScript's DOM library does not declare them). */
export interface RecognitionAlternative {
  transcript: string;
}
export interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
export interface RecognitionResultEvent {
  resultIndex: number;
  results: { length: number; [index: number]: RecognitionResult };
}
export interface RecognitionErrorEvent {
  error: string;
}
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  onstart?: (() => void) | null;
  /** Fired once the microphone delivers audio; proves capture works again. */
  onaudiostart?: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type RecognitionConstructor = new () => Recognition;

/** The browser recognition is restarted every 50 s; a failed start retries in 1–2 s. */
export const RESTART_EVERY_MS = 50_000;
export const RETRY_MIN_MS = 1_000;
export const RETRY_MAX_MS = 2_000;

/** Errors that are part of normal life: a stop we asked for, a pause in speech. */
const IGNORED_ERRORS = new Set(['aborted', 'no-speech']);
/** Errors after which the recognizer is rebuilt from scratch. */
const HARD_RESTART_ERRORS = new Set(['audio-capture', 'network']);
const PERMISSION_ERRORS = new Set(['not-allowed', 'service-not-allowed']);
/**
 * Hard restarts in a row that still end in 'audio-capture' before the engine gives up: no
 * microphone, or one held by another application, never recovers by restarting, and restarting
 * forever would leave the card saying 'TRANSCREVENDO...' while nothing is heard.
 */
export const MAX_CAPTURE_RESTARTS = 3;

export function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * Only Chrome and Edge. Safari exposes a prefixed recognizer that stops after each
 * phrase, and Firefox none, so the browser must also say it is Chromium-based.
 */
export function isBrowserSpeechSupported(
  ctor: RecognitionConstructor | null = recognitionConstructor(),
): boolean {
  if (!ctor) return false;
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return /Chrome|Chromium|Edg\//.test(ua) || /jsdom/.test(ua);
}

/**
 * Continuous pt-BR recognition with interim results that keeps itself alive for hours: Chrome
 * ends a session on its own after a while, so it is restarted on every end and proactively every
 * 50 s, and rebuilt after capture or network errors.
 */
export class BrowserSpeechEngine implements SpeechEngine {
  readonly kind = 'browser' as const;
  private recognition: Recognition | null = null;
  private running = false;
  private restartTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** 'audio-capture' errors since audio last flowed (reset by onaudiostart or a result). */
  private captureFailures = 0;

  constructor(
    private readonly events: SpeechEngineEvents,
    private readonly Ctor: RecognitionConstructor | null = recognitionConstructor(),
    private readonly random: () => number = Math.random,
  ) {}

  start(): void {
    if (!this.Ctor || !isBrowserSpeechSupported(this.Ctor)) {
      this.events.onFailure({ kind: 'not-supported' });
      return;
    }
    try {
      this.recognition = this.create();
      this.recognition.start();
    } catch {
      this.recognition = null;
      this.events.onFailure({ kind: 'init-failed' });
      return;
    }
    this.running = true;
    this.captureFailures = 0;
    this.events.onRunning?.();
    this.restartTimer = setInterval(() => this.recognition?.stop(), RESTART_EVERY_MS);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.restartTimer) clearInterval(this.restartTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.restartTimer = null;
    this.retryTimer = null;
    const recognition = this.recognition;
    this.recognition = null;
    if (recognition) {
      recognition.onend = null;
      recognition.onresult = null;
      recognition.onerror = null;
      recognition.onaudiostart = null;
      try {
        recognition.stop();
      } catch {
        // already stopped
      }
    }
    this.events.onInterim('');
  }

  private create(): Recognition {
    const Ctor = this.Ctor as RecognitionConstructor;
    const recognition = new Ctor();
    recognition.lang = 'pt-BR';
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.onresult = (event) => this.handleResult(event);
    recognition.onerror = (event) => this.handleError(event.error);
    recognition.onend = () => this.handleEnd();
    recognition.onaudiostart = () => {
      this.captureFailures = 0;
    };
    return recognition;
  }

  private handleResult(event: RecognitionResultEvent): void {
    this.captureFailures = 0;
    let interim = '';
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i];
      const transcript = result?.[0]?.transcript ?? '';
      if (result?.isFinal) this.events.onFinal(transcript);
      else interim += transcript;
    }
    this.events.onInterim(interim.trim());
  }

  private handleError(code: string): void {
    if (!this.running || IGNORED_ERRORS.has(code)) return;
    if (PERMISSION_ERRORS.has(code)) {
      void this.stop();
      this.events.onFailure({ kind: 'permission-denied' });
      return;
    }
    if (code === 'audio-capture') {
      this.captureFailures += 1;
      if (this.captureFailures > MAX_CAPTURE_RESTARTS) {
        void this.stop();
        this.events.onFailure({ kind: 'microphone' });
        return;
      }
    }
    if (HARD_RESTART_ERRORS.has(code)) {
      this.hardRestart();
      return;
    }
    this.events.onErrorLine(S.recognitionErrorLine(code));
  }

  private handleEnd(): void {
    if (!this.running) return;
    this.events.onInterim('');
    try {
      this.recognition?.start();
    } catch {
      this.scheduleRetry(() => this.recognition?.start());
    }
  }

  /** Throws the recognizer away and builds a new one after 1–2 s. */
  private hardRestart(): void {
    const old = this.recognition;
    this.recognition = null;
    if (old) {
      old.onend = null;
      old.onresult = null;
      old.onerror = null;
      try {
        old.abort();
      } catch {
        // already gone
      }
    }
    this.scheduleRetry(() => {
      this.recognition = this.create();
      this.recognition.start();
    });
  }

  private scheduleRetry(attempt: () => void): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const delay = RETRY_MIN_MS + Math.floor(this.random() * (RETRY_MAX_MS - RETRY_MIN_MS));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.running) return;
      try {
        attempt();
      } catch {
        this.scheduleRetry(attempt);
      }
    }, delay);
  }
}
