/**
 * The transcript lives outside React: an 8-hour dictation is ~80,000 words (~500,000
 * characters), and neither re-rendering that text nor editing it in one textarea keeps up
 * (Chromium re-lays out a textarea's whole text on every keystroke: ~80 ms at that size; see
 * docs/BENCHMARKS.md). The transcription card shows it in an editor made of short blocks (one
 * per line), so a keystroke re-lays out one block. Speech is appended to the editor directly;
 * once the user edits, the editor's DOM is the truth and the text is read back from it lazily.
 */
export type TranscriptChange =
  | { kind: 'appended'; chunk: string }
  | { kind: 'replaced'; by: 'engine' | 'user' }
  | { kind: 'interim' };

type Listener = (change: TranscriptChange) => void;

/** Dictated speech starts a new line past this many characters, keeping editor blocks short. */
export const LINE_BREAK_AFTER_CHARS = 1_000;

/** Space, tab, line feed, vertical tab, form feed, carriage return, no-break space. */
const isBlank = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 160;

/** Words of `text` (runs of non-space), counted without allocating: 500,000 chars in ~1 ms. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const blank = isBlank(text.charCodeAt(i));
    if (!blank && !inWord) words += 1;
    inWord = !blank;
  }
  return words;
}

export class TranscriptStore {
  private text = '';
  private interimText = '';
  private words = 0;
  private wordsStale = false;
  /** The user edited the editor since `text` was last read from it. */
  private editedInView = false;
  private reader: (() => string) | null = null;
  private probe: (() => boolean) | null = null;
  private readonly listeners = new Set<Listener>();

  get value(): string {
    if (this.editedInView && this.reader) {
      this.text = this.reader();
      this.editedInView = false;
    }
    return this.text;
  }

  get interim(): string {
    return this.interimText;
  }

  /** Word count, kept incrementally for appends and recounted lazily after an edit. */
  get wordCount(): number {
    const text = this.value;
    if (this.wordsStale) {
      this.words = countWords(text);
      this.wordsStale = false;
    }
    return this.words;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The editor registers how to read its text back and how to tell cheaply whether it holds
   * any (null when it unmounts).
   */
  attachReader(reader: (() => string) | null, hasTextProbe: (() => boolean) | null = null): void {
    if (!reader) void this.value; // keep what the editor showed
    this.reader = reader;
    this.probe = hasTextProbe;
  }

  /** Whether there is any non-blank text, without reading 500,000 characters back. */
  get hasText(): boolean {
    if (this.editedInView && this.probe) return this.probe();
    for (let i = 0; i < this.text.length; i += 1)
      if (!isBlank(this.text.charCodeAt(i))) return true;
    return false;
  }

  /** Finalized speech: joined with one space, or a line break once the line is long. */
  appendFinal(raw: string): void {
    const piece = raw.trim();
    if (!piece) return;
    const text = this.value;
    const lineStart = text.lastIndexOf('\n') + 1;
    const separator =
      text === '' || isBlank(text.charCodeAt(text.length - 1))
        ? ''
        : text.length - lineStart > LINE_BREAK_AFTER_CHARS
          ? '\n'
          : ' ';
    this.push(separator + piece, countWords(piece));
  }

  /**
   * Realtime tokens carry their own spacing (a word may arrive in pieces), so they are appended
   * exactly as sent; only leading space at the start of a line is dropped.
   */
  appendRaw(raw: string): void {
    const text = this.value;
    const atLineStart = text === '' || text.endsWith('\n');
    let chunk = atLineStart ? raw.trimStart() : raw;
    if (!chunk) return;
    if (
      !atLineStart &&
      /^\s/.test(chunk) &&
      text.length - text.lastIndexOf('\n') > LINE_BREAK_AFTER_CHARS
    )
      chunk = `\n${chunk.trimStart()}`;
    this.wordsStale = true;
    this.push(chunk, 0);
  }

  /** A whole line (patient marker, speaker, error line), always on its own line. */
  appendLine(line: string): void {
    const text = this.value;
    this.push(`${text === '' || text.endsWith('\n') ? '' : '\n'}${line}\n`, countWords(line));
  }

  setInterim(text: string): void {
    if (text === this.interimText) return;
    this.interimText = text;
    this.emit({ kind: 'interim' });
  }

  /** The user edited the editor: its text is read back when someone asks for it. */
  editedByUser(): void {
    this.editedInView = true;
    this.wordsStale = true;
    this.emit({ kind: 'replaced', by: 'user' });
  }

  replace(text: string): void {
    this.text = text;
    this.interimText = '';
    this.editedInView = false;
    this.wordsStale = true;
    this.emit({ kind: 'replaced', by: 'engine' });
  }

  private push(chunk: string, addedWords: number): void {
    this.text += chunk;
    if (!this.wordsStale) this.words += addedWords;
    this.emit({ kind: 'appended', chunk });
  }

  private emit(change: TranscriptChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
