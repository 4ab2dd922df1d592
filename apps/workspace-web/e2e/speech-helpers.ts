import type { Page } from 'playwright-core';

/**
 * Headless Chromium has no working Web Speech API: this test double stands in for it, and the
 * test speaks through `window.__speech.say(text, isFinal)`.
 */
export const speechDouble = () => {
  type Handler = ((event: unknown) => void) | null;
  class SpeechRecognitionDouble {
    static latest: SpeechRecognitionDouble | null = null;
    lang = '';
    continuous = false;
    interimResults = false;
    onresult: Handler = null;
    onerror: Handler = null;
    onend: (() => void) | null = null;
    results: { isFinal: boolean; text: string }[] = [];
    static created = 0;
    constructor() {
      SpeechRecognitionDouble.latest = this;
      SpeechRecognitionDouble.created += 1;
    }
    start() {
      this.results = [];
    }
    stop() {
      setTimeout(() => this.onend?.(), 0);
    }
    abort() {}
  }
  const w = window as unknown as Record<string, unknown>;
  w.SpeechRecognition = SpeechRecognitionDouble;
  w.webkitSpeechRecognition = SpeechRecognitionDouble;
  w.__speech = {
    /** How many recognizers the page built (a hard restart builds a new one). */
    created: () => SpeechRecognitionDouble.created,
    /** Chrome's `error` event, e.g. 'audio-capture' (no microphone) or 'not-allowed'. */
    fail(error: string) {
      const r = SpeechRecognitionDouble.latest;
      if (!r) throw new Error('recognition not started');
      r.onerror?.({ error });
    },
    say(text: string, isFinal: boolean) {
      const r = SpeechRecognitionDouble.latest;
      if (!r) throw new Error('recognition not started');
      const pending = r.results.findIndex((x) => !x.isFinal);
      const index = pending >= 0 ? pending : r.results.length;
      r.results[index] = { isFinal, text };
      const results = r.results.map((x) =>
        Object.assign([{ transcript: x.text }], { isFinal: x.isFinal }),
      );
      r.onresult?.({ resultIndex: index, results });
    },
  };
};

export const say = (page: Page, text: string, isFinal = true) =>
  page.evaluate(
    ([t, f]) =>
      (window as unknown as { __speech: { say(t: string, f: boolean): void } }).__speech.say(
        t as string,
        f as boolean,
      ),
    [text, isFinal] as const,
  );

type SpeechControl = { fail(error: string): void; created(): number };

/** Makes the current recognizer report a recognition error (`SpeechRecognitionErrorEvent.error`). */
export const failRecognition = (page: Page, error: string) =>
  page.evaluate((e) => (window as unknown as { __speech: SpeechControl }).__speech.fail(e), error);

/** How many recognizers the page has built so far. */
export const recognizersCreated = (page: Page) =>
  page.evaluate(() => (window as unknown as { __speech: SpeechControl }).__speech.created());

export const transcript = (page: Page) =>
  page.getByRole('textbox', { name: 'Transcrição do atendimento' });

/** The editor's text: one block per line. */
export const transcriptText = (page: Page) =>
  transcript(page).evaluate((el) =>
    Array.from(el.childNodes)
      .map((node) => (node.nodeName === 'BR' ? '' : (node.textContent ?? '')))
      .join('\n'),
  );

/**
 * Counts what the page's MediaRecorders hand over (non-empty chunks and their bytes) in
 * `window.__recorded`, to compare with what a fake server received.
 */
export const recorderCounter = () => {
  const w = window as unknown as Record<string, unknown>;
  const Native = w.MediaRecorder as typeof MediaRecorder | undefined;
  if (!Native) return;
  const counted = { bytes: 0, chunks: 0 };
  w.__recorded = counted;
  w.MediaRecorder = class CountingMediaRecorder extends Native {
    constructor(stream: MediaStream, options?: MediaRecorderOptions) {
      super(stream, options);
      this.addEventListener('dataavailable', (event) => {
        if (event.data.size === 0) return;
        counted.bytes += event.data.size;
        counted.chunks += 1;
      });
    }
  };
};

/** What recorderCounter counted so far; `reset` starts from zero. */
export const recorded = (page: Page, reset = false) =>
  page.evaluate((zero) => {
    const counted = (window as unknown as { __recorded: { bytes: number; chunks: number } })
      .__recorded;
    const now = { ...counted };
    if (zero) Object.assign(counted, { bytes: 0, chunks: 0 });
    return now;
  }, reset);
