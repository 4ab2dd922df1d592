/** Silence that ends a speech segment, and silence that ends the recording. */
export const SEGMENT_SILENCE_MS = 60_000;
export const AUTO_END_SILENCE_MS = 8 * 60 * 60 * 1000;

export type SegmentEndReason = 'silence' | 'stop' | 'auto-end';

/** A speech session segment (start, end, text, reason). */
export interface SpeechSegment {
  start: number;
  end: number;
  text: string;
  reason: SegmentEndReason;
}

/**
 * Speech sessions: one starts with the first final text, and ends after 60 s of
 * silence, on stop or on the 8-hour automatic end. Only timings and reasons are logged: the
 * text is patient data (LGPD) and stays in memory.
 */
export class SpeechSessionTracker {
  private current: { start: number; lastSpeech: number; parts: string[] } | null = null;
  private lastActivity: number;
  readonly segments: SpeechSegment[] = [];

  constructor(
    now: number,
    private readonly log: (entry: {
      start: number;
      end: number;
      reason: SegmentEndReason;
    }) => void = (entry) => console.info('speech session ended', entry),
  ) {
    this.lastActivity = now;
  }

  onFinalText(text: string, now: number): void {
    this.lastActivity = now;
    if (!this.current) this.current = { start: now, lastSpeech: now, parts: [] };
    this.current.lastSpeech = now;
    this.current.parts.push(text);
  }

  /** Called every second while recording; true when the recording must end automatically. */
  tick(now: number): boolean {
    if (this.current && now - this.current.lastSpeech >= SEGMENT_SILENCE_MS)
      this.close(this.current.lastSpeech, 'silence');
    if (now - this.lastActivity >= AUTO_END_SILENCE_MS) {
      this.close(now, 'auto-end');
      return true;
    }
    return false;
  }

  stop(now: number): void {
    this.close(now, 'stop');
  }

  reset(now: number): void {
    this.current = null;
    this.segments.length = 0;
    this.lastActivity = now;
  }

  resume(now: number): void {
    this.lastActivity = now;
  }

  get active(): boolean {
    return this.current !== null;
  }

  private close(end: number, reason: SegmentEndReason): void {
    if (!this.current) return;
    const segment = { start: this.current.start, end, text: this.current.parts.join(' '), reason };
    this.segments.push(segment);
    this.current = null;
    this.log({ start: segment.start, end: segment.end, reason });
  }
}
