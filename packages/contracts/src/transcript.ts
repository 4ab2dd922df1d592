/**
 * What the workspace adds to a transcript for display, taken out before the text becomes a note
 * (or the vault's record):
 *
 * - speaker labels of the realtime engine: 'Falante 2:' on a line of its own (the workspace's
 *   `appendLine`) or inside a line (after an edit). A speaker change ends a sentence.
 * - recognition error lines: '[Erro no reconhecimento de voz: network]'.
 * - the line break the workspace inserts once a line passes 1,000 characters
 *   (`LINE_BREAK_AFTER_CHARS` in apps/workspace-web/src/speech/transcript-store.ts), which falls
 *   in the middle of a sentence: such a break becomes a space again.
 *
 * Patient markers ('[Paciente 2]') stay: they split the patients. Runs of spaces become one.
 * Linear in the length of the text. Shared by the formatter (note content) and the vault (the
 * archived dictation), which may not import each other.
 */

/** The workspace breaks a dictated line once it is longer than this (see the file comment). */
export const CLIENT_LINE_BREAK_AFTER_CHARS = 1_000;

/** A speaker label: 'Falante 1:', 'falante 12 :'. Bounded, so linear on any input. */
const SPEAKER_LABEL = /(?:^|(?<=[\s.,;!?]))falante \d{1,3} ?:/gi;
const ERROR_LINE = /\[erro no reconhecimento de voz[^\]\n]{0,200}\]/gi;
const ENDS_SENTENCE = /[.!?…:;]$/;

/**
 * The transcript as note content: speaker labels, error lines and the workspace's soft line
 * breaks removed (see the file comment). Idempotent.
 */
export function cleanTranscript(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  /** Whether the previous kept line may continue on this one (a soft break). */
  let joinNext = false;
  for (const raw of lines) {
    const rawLength = raw.length;
    let line = raw.replace(/[ \t\u00a0\f\v]+/g, ' ');
    // A label inside a line is a speaker change: it ends the sentence there.
    let labelled = false;
    line = line.replace(SPEAKER_LABEL, () => {
      labelled = true;
      return '\n';
    });
    line = line.replace(ERROR_LINE, ' ');
    const parts = line
      .split('\n')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length === 0) {
      // A blank line, a label alone or an error line: a hard break (a label is a new speaker).
      if (labelled || raw.trim() === '') joinNext = false;
      if (raw.trim() === '' && out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    const startsWithLabel = labelled && /^\s*falante \d{1,3} ?:/i.test(raw.replace(/[ \t]+/g, ' '));
    parts.forEach((part, k) => {
      const continues = k === 0 && joinNext && !startsWithLabel && out.length > 0;
      if (continues) out[out.length - 1] = `${out[out.length - 1]} ${part}`;
      else out.push(part);
    });
    const last = out[out.length - 1] ?? '';
    joinNext =
      parts.length === 1 &&
      !labelled &&
      rawLength >= CLIENT_LINE_BREAK_AFTER_CHARS &&
      !ENDS_SENTENCE.test(last);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
