import type { Recognition, RecognitionResultEvent } from '../browser-engine';

/**
 * A test double of the Web Speech API's SpeechRecognition: tests drive it with `speak`,
 * `fail` and `end` the way Chrome would.
 */
export class FakeRecognition implements Recognition {
  static instances: FakeRecognition[] = [];
  static startThrows = false;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: ((event: RecognitionResultEvent) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  onaudiostart: (() => void) | null = null;
  started = 0;
  stopped = 0;
  aborted = 0;
  private results: { isFinal: boolean; text: string }[] = [];

  constructor() {
    FakeRecognition.instances.push(this);
  }

  static reset() {
    FakeRecognition.instances = [];
    FakeRecognition.startThrows = false;
  }

  static get latest(): FakeRecognition {
    const last = FakeRecognition.instances.at(-1);
    if (!last) throw new Error('no recognition was created');
    return last;
  }

  start() {
    if (FakeRecognition.startThrows) throw new Error('InvalidStateError');
    this.started += 1;
    this.results = [];
  }

  stop() {
    this.stopped += 1;
  }

  abort() {
    this.aborted += 1;
  }

  /** One result; interim ones are replaced by the next call, as Chrome does. */
  speak(text: string, isFinal: boolean) {
    const pending = this.results.findIndex((r) => !r.isFinal);
    const index = pending >= 0 ? pending : this.results.length;
    this.results[index] = { isFinal, text };
    const results = this.results.map((r) =>
      Object.assign([{ transcript: r.text }], { isFinal: r.isFinal }),
    );
    this.onresult?.({ resultIndex: index, results });
  }

  fail(error: string) {
    this.onerror?.({ error });
  }

  end() {
    this.onend?.();
  }
}
