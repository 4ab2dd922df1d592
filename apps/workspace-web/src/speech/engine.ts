/**
 * A speech-to-text engine as the recording card sees it. The browser's Web Speech API and the
 * Super Transcritor (Soniox realtime) both implement it, so the card switches between them
 * (and falls back from one to the other) without knowing which is which.
 */
export type EngineKind = 'browser' | 'soniox';

/** Why an engine gave up; the card turns it into the spec's toast. */
export type EngineFailure =
  | { kind: 'not-supported' }
  | { kind: 'init-failed' }
  | { kind: 'permission-denied' }
  | { kind: 'microphone' }
  | { kind: 'realtime'; code: string; message: string };

export interface SpeechEngineEvents {
  /** Confirmed text, in order; `speaker` when the engine tells speakers apart. */
  onFinal(text: string, speaker?: string): void;
  /** The provisional tail, replaced on each call ('' when nothing is pending). */
  onInterim(text: string): void;
  /** An unexpected recognition error, appended to the transcript as a line. */
  onErrorLine(line: string): void;
  /** The engine stopped for good; the recording ends or falls back. */
  onFailure(failure: EngineFailure): void;
  /** The engine is connected and listening (for the 'Conectando...' badge). */
  onRunning?(): void;
}

export interface SpeechEngine {
  readonly kind: EngineKind;
  start(): void | Promise<void>;
  /** Stops listening; resolves once pending text has been delivered. */
  stop(): Promise<void>;
}
