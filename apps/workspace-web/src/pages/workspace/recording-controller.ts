import { PATIENT_MARKER_SOURCE, patientMarker } from '@pv/contracts/constants';
import type { ToastInput } from '@pv/web-kit';
import { BrowserSpeechEngine } from '../../speech/browser-engine';
import type { EngineFailure, SpeechEngine, SpeechEngineEvents } from '../../speech/engine';
import { LazySonioxSpeechEngine } from '../../speech/lazy-soniox-engine';
import { SpeechSessionTracker } from '../../speech/sessions';
import type { TranscriptStore } from '../../speech/transcript-store';
import { workspaceActions } from '../../state/workspace-slice';
import type { AppDispatch } from '../../store';
import { WorkspaceStrings as S } from '../../strings/workspace';

/** Super Transcritor seconds are reported while recording at this interval, and at stop. */
export const USAGE_REPORT_EVERY_SECONDS = 60;

/** What the controller needs from React, refreshed on every render of the page. */
export interface RecordingDeps {
  dispatch: AppDispatch;
  toast(input: ToastInput): void;
  /** Seconds of Super Transcritor left this month (null: not allowed, e.g. anonymous). */
  superSecondsLeft(): number | null;
  /** The notice shown when the allowance is used up. */
  notifyLimitReached(): void;
  /**
   * Reports Super Transcritor seconds; `streamEnded` when the realtime stream was closed, so the
   * server charges it and lets the next one start (it allows one live stream per user).
   */
  reportUsage(seconds: number, streamEnded: boolean): Promise<void>;
  /**
   * Counts one speech session (from the first final text to 60 s of silence, a stop
   * or the automatic end) in a signed-in user's monthly transcriptions (billing); a no-op for
   * anonymous visitors. A failure only loses a count, never the dictation.
   */
  countSession?(sessionId: string): Promise<void>;
  createBrowserEngine?(events: SpeechEngineEvents): SpeechEngine;
  createSonioxEngine?(events: SpeechEngineEvents): SpeechEngine;
  now?(): number;
}

/**
 * The recording's life: engines, the 1 s timer, speech sessions, patient markers and metering.
 * It writes to the transcript store directly (never through React state) so long dictations
 * stay fast.
 */
export class RecordingController {
  private engine: SpeechEngine | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private sessions: SpeechSessionTracker;
  private superSeconds = 0;
  private unreported = 0;
  private active = false;

  constructor(
    private readonly transcript: TranscriptStore,
    public deps: RecordingDeps,
  ) {
    this.sessions = new SpeechSessionTracker(this.now());
  }

  get isRecording(): boolean {
    return this.active;
  }

  start(useSuper: boolean): void {
    if (this.active) return;
    const resuming = this.transcript.value.trim() !== '';
    // Resuming keeps the text; starting with an empty text resets the sessions.
    if (resuming) this.sessions.resume(this.now());
    else this.sessions.reset(this.now());
    this.active = true;
    this.deps.dispatch(workspaceActions.recordingStarted({ resetElapsed: !resuming }));
    this.timer = setInterval(() => this.tick(), 1000);

    const left = useSuper ? this.deps.superSecondsLeft() : null;
    if (useSuper && left !== null && left <= 0) this.deps.notifyLimitReached();
    if (useSuper && left !== null && left > 0) this.startEngine('soniox');
    else this.startEngine('browser');
  }

  async stop(reason: 'stop' | 'auto-end' = 'stop'): Promise<void> {
    if (!this.active) return;
    this.active = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const engine = this.engine;
    this.engine = null;
    this.deps.dispatch(workspaceActions.recordingStopped());
    await engine?.stop();
    this.transcript.setInterim('');
    if (reason === 'stop') this.sessions.stop(this.now());
    await this.flushUsage(engine?.kind === 'soniox');
  }

  /** A marker needs an active recording; patients are numbered from 1. */
  addPatientMarker(): boolean {
    if (!this.active) {
      this.deps.toast({
        title: S.errorTitle,
        description: S.markerNeedsRecording,
        variant: 'destructive',
      });
      return false;
    }
    let highest = 0;
    for (const match of this.transcript.value.matchAll(new RegExp(PATIENT_MARKER_SOURCE, 'g')))
      highest = Math.max(highest, Number(match[1]));
    this.transcript.appendLine(patientMarker(highest + 1));
    return true;
  }

  resetSessions(): void {
    this.sessions.reset(this.now());
  }

  get segments() {
    return this.sessions.segments;
  }

  dispose(): void {
    void this.stop();
  }

  private startEngine(kind: 'browser' | 'soniox'): void {
    const events = this.eventsFor(kind);
    const engine =
      kind === 'soniox'
        ? (this.deps.createSonioxEngine ?? ((e) => new LazySonioxSpeechEngine(e)))(events)
        : (this.deps.createBrowserEngine ?? ((e) => new BrowserSpeechEngine(e)))(events);
    this.engine = engine;
    this.deps.dispatch(
      workspaceActions.engineChanged(kind === 'soniox' ? 'connecting' : 'browser'),
    );
    void Promise.resolve(engine.start()).catch(() => events.onFailure({ kind: 'init-failed' }));
  }

  private eventsFor(kind: 'browser' | 'soniox'): SpeechEngineEvents {
    // Events of an engine that was replaced (fallback) or stopped are dropped.
    const current = () => this.active && this.engine?.kind === kind;
    return {
      onFinal: (text, speaker) => {
        if (!current()) return;
        if (speaker !== undefined) this.transcript.appendLine(`Falante ${speaker}:`);
        if (kind === 'soniox') this.transcript.appendRaw(text);
        else this.transcript.appendFinal(text);
        // A speech session starts with the first final text; each one is a
        // transcription in Minha Área's counters (billing).
        if (!this.sessions.active)
          void this.deps.countSession?.(crypto.randomUUID()).catch(() => {});
        this.sessions.onFinalText(text, this.now());
      },
      onInterim: (text) => {
        if (current()) this.transcript.setInterim(text);
      },
      onErrorLine: (line) => {
        if (current()) this.transcript.appendLine(line);
      },
      onRunning: () => {
        if (current()) this.deps.dispatch(workspaceActions.engineChanged(kind));
      },
      onFailure: (failure) => {
        if (current()) void this.handleFailure(kind, failure);
      },
    };
  }

  private async handleFailure(kind: 'browser' | 'soniox', failure: EngineFailure): Promise<void> {
    const toast = this.deps.toast;
    if (failure.kind === 'realtime' && kind === 'soniox') {
      // The alternative service failed -> tell the user and use the browser engine.
      toast({
        // No key means the service is unavailable; other failures are the service's.
        title:
          failure.code === 'api_key_fetch_failed' ? S.alternativeUnavailable : S.superTranscritor,
        description: `${failure.message} ${S.fallbackToBrowser}`,
        variant: 'destructive',
      });
      this.engine = null;
      await this.flushUsage(true);
      if (this.active) this.startEngine('browser');
      return;
    }
    if (failure.kind === 'permission-denied')
      toast({
        title: S.permissionDeniedTitle,
        description: S.permissionDenied,
        variant: 'destructive',
      });
    else if (failure.kind === 'microphone')
      toast({
        title: S.microphoneError,
        description: S.microphoneErrorDescription,
        variant: 'destructive',
      });
    else if (failure.kind === 'not-supported')
      toast({ title: S.errorTitle, description: S.speechNotSupported, variant: 'destructive' });
    else if (failure.kind === 'init-failed')
      toast({ title: S.errorTitle, description: S.speechInitFailed, variant: 'destructive' });
    else toast({ title: S.errorTitle, description: failure.message, variant: 'destructive' });
    await this.stop();
  }

  private tick(): void {
    if (!this.active) return;
    const onSuper = this.engine?.kind === 'soniox';
    if (onSuper) {
      this.superSeconds += 1;
      this.unreported += 1;
    }
    this.deps.dispatch(workspaceActions.ticked({ superSeconds: onSuper ? 1 : 0 }));
    if (this.sessions.tick(this.now())) {
      this.deps.toast({ title: S.autoEnded });
      void this.stop('auto-end');
      return;
    }
    if (onSuper) {
      const left = this.deps.superSecondsLeft();
      if (left !== null && left <= 0) {
        // Blocked at the allowance; the dictation continues in the browser engine.
        this.deps.notifyLimitReached();
        const engine = this.engine;
        this.engine = null;
        void engine?.stop();
        void this.flushUsage(true);
        this.startEngine('browser');
        return;
      }
      if (this.unreported >= USAGE_REPORT_EVERY_SECONDS) void this.flushUsage();
    }
  }

  private async flushUsage(streamEnded = false): Promise<void> {
    const seconds = this.unreported;
    if (seconds <= 0 && !streamEnded) return;
    this.unreported = 0;
    try {
      await this.deps.reportUsage(seconds, streamEnded);
      this.deps.dispatch(workspaceActions.superSecondsReported(seconds));
    } catch {
      // The server keeps the truth; unreported seconds are retried with the next report.
      this.unreported += seconds;
    }
  }

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }
}
