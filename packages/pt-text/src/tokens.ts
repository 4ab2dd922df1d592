/**
 * One pass over a text that cuts it into words, numbers and single punctuation marks, each with
 * its folded form and what surrounds it (spaces, a line break, capitals). Readers work on these
 * tokens with a bounded look-around, so their work grows with the text's length and nothing else
 * (no backtracking regex ever sees the user's text whole).
 */
import { fold } from './fold.js';
/**
 * One pass over the text that cuts it into words, numbers, spaces and single punctuation marks.
 * Every detector works on these tokens with a bounded look-around, so the scrubber's work grows
 * with the text's length and nothing else (no backtracking regex ever sees the user's text whole).
 */

export type TokenKind = 'word' | 'number' | 'space' | 'punct';

const SPACE_BEFORE = 1;
const LINE_BEFORE = 2;
const CAPITALISED = 4;
const ALL_CAPS = 8;

/**
 * A word, number or punctuation mark with what surrounds it, as the detectors need it. A class
 * with six fields (the flags packed in one): long texts make hundreds of thousands of these.
 */
export class Token {
  constructor(
    readonly kind: TokenKind,
    readonly start: number,
    readonly end: number,
    /** The original characters. */
    readonly text: string,
    /** Lower case, accents removed, same length as text. */
    readonly folded: string,
    private readonly flags: number,
  ) {}

  /** Whitespace (or the start of the text) right before it. */
  get spaceBefore(): boolean {
    return (this.flags & SPACE_BEFORE) !== 0;
  }

  /** A line break (or the start of the text) right before it. */
  get lineBefore(): boolean {
    return (this.flags & LINE_BEFORE) !== 0;
  }

  /** First letter upper case, the rest not all upper case ('Maria', not 'MARIA' nor 'maria'). */
  get capitalised(): boolean {
    return (this.flags & CAPITALISED) !== 0;
  }

  /** Every letter upper case and at least two letters ('IAM', 'MARIA'). */
  get allCaps(): boolean {
    return (this.flags & ALL_CAPS) !== 0;
  }
}

const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const SPACE = /\s/u;

function kindOf(code: number, text: string, at: number): TokenKind {
  if (code >= 48 && code <= 57) return 'number';
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return 'word';
  if (code === 32 || code === 9 || code === 10 || code === 13) return 'space';
  if (code < 128) return 'punct';
  // Surrogate halves (emoji and other astral symbols) are punctuation here.
  if (code >= 0xd800 && code <= 0xdfff) return 'punct';
  const char = text[at] as string;
  // A combining mark belongs to the letter before it (text typed in decomposed form).
  if (LETTER.test(char) || MARK.test(char)) return 'word';
  if (SPACE.test(char)) return 'space';
  return 'punct';
}

const isUpper = (ch: string) => ch !== ch.toLowerCase() && ch === ch.toUpperCase();

/** What a token scan reports of each token: its kind, offsets and the whitespace before it. */
export type TokenVisitor = (
  kind: Exclude<TokenKind, 'space'>,
  start: number,
  end: number,
  /** Whitespace (or the start of the text) right before it. */
  spaceBefore: boolean,
  /** A line break (or the start of the text) right before it. */
  lineBefore: boolean,
) => void;

/**
 * The one pass every tokenizer of the product is: words (letters with their combining marks),
 * numbers and single punctuation marks of `text`, in order, with the whitespace before each;
 * whitespace itself is no token. Allocates nothing: readers that need objects build their own.
 */
export function scanTokens(text: string, visit: TokenVisitor): void {
  let space = true;
  let line = true;
  let i = 0;
  while (i < text.length) {
    const kind = kindOf(text.charCodeAt(i), text, i);
    let j = i + 1;
    if (kind !== 'punct')
      while (j < text.length && kindOf(text.charCodeAt(j), text, j) === kind) j++;
    if (kind === 'space') {
      space = true;
      for (let k = i; k < j; k++) if (text.charCodeAt(k) === 10) line = true;
    } else {
      visit(kind, i, j, space, line);
      space = false;
      line = false;
    }
    i = j;
  }
}

/**
 * The text's words, numbers and punctuation marks as objects, in order and indexed (see
 * `scanTokens`), each with its folded form and whether it is capitalised. One object per token.
 */
export function tokenize(text: string, folded = fold(text)): Token[] {
  const toks: Token[] = [];
  scanTokens(text, (kind, i, j, space, line) => {
    const word = kind === 'word';
    // Single characters come from V8's string cache; a token its fold leaves unchanged shares
    // the same string: fewer allocations keep long texts off the garbage collector's back.
    const raw = j - i === 1 ? (text[i] as string) : text.slice(i, j);
    let same = true;
    for (let k = i; k < j && same; k++) same = text.charCodeAt(k) === folded.charCodeAt(k);
    const upper = word && isUpper(raw[0] as string);
    const allCaps = upper && j - i > 1 && raw === raw.toUpperCase();
    toks.push(
      new Token(
        kind,
        i,
        j,
        raw,
        same ? raw : folded.slice(i, j),
        (space ? SPACE_BEFORE : 0) |
          (line ? LINE_BEFORE : 0) |
          (upper && !allCaps ? CAPITALISED : 0) |
          (allCaps ? ALL_CAPS : 0),
      ),
    );
  });
  return toks;
}
