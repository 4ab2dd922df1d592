/**
 * How medication text is cut into comparable words: the shared engine's one pass over the
 * characters, no regular expressions, so hostile input costs linear time. Accents and case are dropped, numbers keep a
 * decimal point ("0,5" and "0.5" are the same), digits glued to letters are split ("50mg" is
 * "50" "mg") and each token remembers where it came from, so a match can be quoted as written.
 */
import { tokenize as engineTokens, type Token as TextToken } from '@pv/pt-text';

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

/** A number token of the engine followed by a decimal or thousands mark and more digits. */
function joinsNumber(text: string, mark: TextToken | undefined, digits: TextToken | undefined) {
  return (
    mark !== undefined &&
    digits !== undefined &&
    mark.kind === 'punct' &&
    (mark.text === ',' || mark.text === '.') &&
    digits.kind === 'number' &&
    digits.start === mark.end &&
    text.charCodeAt(mark.start - 1) >= 48 &&
    text.charCodeAt(mark.start - 1) <= 57
  );
}

/** Folded letters a-z of a word token (combining marks and letters outside a-z dropped). */
function lettersOf(folded: string): string {
  let out = '';
  for (let i = 0; i < folded.length; i++) {
    const c = folded.charCodeAt(i);
    if (c >= 97 && c <= 122) out += folded[i];
  }
  return out;
}

/**
 * The words and numbers of a medication text, read from the shared engine's tokens (@pv/pt-text):
 * a number joined with its decimal part ('0,5' and '0.5' are '0.5') or its thousands ('1.000'),
 * each word with the '/' or '%' written after it and the line it is on.
 */
export function tokenize(text: string): Token[] {
  const source = engineTokens(text);
  const tokens: Token[] = [];
  let line = 0;
  let scanned = 0;
  for (let k = 0; k < source.length; k++) {
    const t = source[k] as TextToken;
    for (; scanned < t.start; scanned++) if (text.charCodeAt(scanned) === 10) line++;
    if (t.kind === 'punct') {
      const last = tokens.at(-1);
      if (last && last.after === '' && (t.text === '/' || t.text === '%'))
        last.after = t.text === '/' ? '/' : '%';
      continue;
    }
    if (t.kind === 'word') {
      const letters = lettersOf(t.folded);
      if (letters !== '')
        tokens.push({ text: letters, kind: 'word', start: t.start, end: t.end, after: '', line });
      continue;
    }
    const number: Token = {
      text: t.text,
      kind: 'num',
      start: t.start,
      end: t.end,
      after: '',
      line,
    };
    let hasDecimal = false;
    while (joinsNumber(text, source[k + 1], source[k + 2])) {
      const mark = source[k + 1] as TextToken;
      const digits = source[k + 2] as TextToken;
      // '1.000': a dot before exactly three digits separates thousands.
      if (mark.text === '.' && digits.text.length === 3) number.text += digits.text;
      else if (!hasDecimal) {
        number.text += `.${digits.text}`;
        hasDecimal = true;
      } else break;
      number.end = digits.end;
      k += 2;
    }
    tokens.push(number);
  }
  return tokens;
}

/** The words of a name or phrase from the data file, as the tokenizer would read them. */
export const phraseWords = (phrase: string): string[] => tokenize(phrase).map((t) => t.text);

/**
 * Collapses spellings a speech engine or a hurried typist mixes up (qu/k, c/s before e and i,
 * z/s, ph/f, y/i, silent h, doubled letters, a final m read as n) so that edit distance counts
 * real slips only. Applied to both sides of every fuzzy comparison.
 */
export function soundKey(word: string): string {
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
