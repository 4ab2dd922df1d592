/**
 * How medication text is cut into comparable words: one pass over the characters, no regular
 * expressions, so hostile input costs linear time. Accents and case are dropped, numbers keep a
 * decimal point ("0,5" and "0.5" are the same), digits glued to letters are split ("50mg" is
 * "50" "mg") and each token remembers where it came from, so a match can be quoted as written.
 */
import { foldUnit, isCombiningMark } from '@pv/pt-text';

export interface Token {
  /** Lowercase, unaccented letters, or a number with '.' as the decimal point. */
  text: string;
  kind: 'word' | 'num';
  /** Offsets in the original text. */
  start: number;
  end: number;
  /** '/' or '%' written right after the token ("mg/ml", "2,5%"), else ''. */
  after: '' | '/' | '%';
  /** Which line of the text (0-based) it is on: a dose is read from the drug's own line. */
  line: number;
}

type CharClass = { kind: 'letter'; ch: string } | { kind: 'mark' } | { kind: 'other' };

const OTHER: CharClass = { kind: 'other' };
const MARK: CharClass = { kind: 'mark' };
const LETTERS: readonly CharClass[] = Array.from({ length: 26 }, (_, i) => ({
  kind: 'letter',
  ch: String.fromCharCode(97 + i),
}));

/** Letters outside ASCII: the shared fold's base letter when it is a-z; combining marks apart. */
function classifyNonAscii(code: number): CharClass {
  if (isCombiningMark(code)) return MARK;
  const base = foldUnit(code);
  return base >= 97 && base <= 122 ? (LETTERS[base - 97] as CharClass) : OTHER;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** Whether a '.' inside a number separates thousands ("1.000") rather than decimals. */
function isThousandsDot(text: string, dot: number): boolean {
  for (let k = 1; k <= 3; k++) if (!isDigit(text.charCodeAt(dot + k))) return false;
  return !isDigit(text.charCodeAt(dot + 4));
}

/** Closes the token being built (if any) and opens a new one. */
function begin(
  tokens: Token[],
  current: Token | null,
  kind: Token['kind'],
  at: number,
  first: string,
  line: number,
) {
  if (current) tokens.push(current);
  const token: Token = { text: first, kind, start: at, end: at + 1, after: '', line };
  return token;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let current: Token | null = null;
  let hasDecimal = false;
  let line = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) line++;
    if (isDigit(code)) {
      if (current !== null && current.kind === 'num') {
        current.text += text[i];
        current.end = i + 1;
      } else {
        current = begin(tokens, current, 'num', i, text[i]!, line);
        hasDecimal = false;
      }
      continue;
    }
    if (
      (code === 44 || code === 46) &&
      current !== null &&
      current.kind === 'num' &&
      isDigit(text.charCodeAt(i + 1))
    ) {
      if (code === 46 && isThousandsDot(text, i)) continue;
      if (!hasDecimal) {
        current.text += '.';
        hasDecimal = true;
        continue;
      }
    }
    let letter: string | null = null;
    if (code >= 97 && code <= 122) letter = text[i]!;
    else if (code >= 65 && code <= 90) letter = String.fromCharCode(code + 32);
    else if (code >= 128) {
      const c = classifyNonAscii(code);
      if (c.kind === 'mark') {
        if (current !== null) current.end = i + 1;
        continue;
      }
      if (c.kind === 'letter') letter = c.ch;
    }
    if (letter !== null) {
      if (current !== null && current.kind === 'word') {
        current.text += letter;
        current.end = i + 1;
      } else current = begin(tokens, current, 'word', i, letter, line);
      continue;
    }
    if (current !== null) tokens.push(current);
    current = null;
    if ((code === 47 || code === 37) && tokens.length > 0) {
      const last = tokens[tokens.length - 1]!;
      if (last.after === '') last.after = code === 47 ? '/' : '%';
    }
  }
  if (current !== null) tokens.push(current);
  return tokens;
}

/** The words of a name or phrase from the data file, as the tokenizer would read them. */
export const phraseWords = (phrase: string): string[] => tokenize(phrase).map((t) => t.text);

/**
 * Collapses spellings a speech engine or a hurried typist mixes up (qu/k, c/s before e and i,
 * z/s, ph/f, y/i, silent h, doubled letters, a final m read as n) so that edit distance counts
 * real slips only. Applied to both sides of every fuzzy comparison.
 */
export function fold(word: string): string {
  // Parts in an array and the last one in a variable: reading `out[out.length - 1]` of a string
  // grown by `+=` flattens it every time, quadratic on a long word (issue 15).
  const out: string[] = [];
  let last = '';
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    const next = word[i + 1];
    let mapped: string;
    if (c === 'q' && next === 'u') {
      mapped = 'k';
      i++;
    } else if ((c === 'p' && next === 'h') || (c === 't' && next === 'h')) {
      mapped = c === 'p' ? 'f' : 't';
      i++;
    } else if (c === 'c' && next === 'h') {
      mapped = 'x';
      i++;
    } else if (c === 'c') mapped = next === 'e' || next === 'i' ? 's' : 'k';
    else if (c === 'h') continue;
    else if (c === 'y') mapped = 'i';
    else if (c === 'w') mapped = 'v';
    else if (c === 'z') mapped = 's';
    else mapped = c;
    if (last !== mapped) {
      out.push(mapped);
      last = mapped;
    }
  }
  if (last === 'm') out[out.length - 1] = 'n';
  return out.join('');
}

/** A strength written next to a drug: milligrams per dosage unit, or per millilitre. */
export interface Dose {
  mg: number;
  perMl: boolean;
}

const MG_FACTOR: Record<string, number> = {
  mg: 1,
  miligrama: 1,
  miligramas: 1,
  g: 1000,
  grama: 1000,
  gramas: 1000,
  mcg: 0.001,
  ug: 0.001,
  micrograma: 0.001,
  microgramas: 0.001,
};

/** The first strength in tokens[from, to): "50 mg", "100mg/ml", "125 mg/5 ml", "2,5%". */
export function firstDose(tokens: readonly Token[], from: number, to: number): Dose | null {
  for (let i = Math.max(0, from); i < Math.min(to, tokens.length); i++) {
    const t = tokens[i]!;
    if (t.kind !== 'num') continue;
    const value = Number(t.text);
    if (!Number.isFinite(value)) continue;
    if (t.after === '%') return { mg: value * 10, perMl: true };
    const unit = tokens[i + 1];
    const factor = unit?.kind === 'word' ? MG_FACTOR[unit.text] : undefined;
    if (factor === undefined || t.after !== '') continue;
    const mg = value * factor;
    if (unit!.after !== '/') return { mg, perMl: false };
    const a = tokens[i + 2];
    const b = tokens[i + 3];
    if (a?.text === 'ml') return { mg, perMl: true };
    if (a?.kind === 'num' && b?.text === 'ml' && Number(a.text) > 0)
      return { mg: mg / Number(a.text), perMl: true };
    return { mg, perMl: false };
  }
  return null;
}
