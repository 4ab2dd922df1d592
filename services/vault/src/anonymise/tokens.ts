/**
 * One pass over the text that cuts it into words, numbers, spaces and single punctuation marks.
 * Every detector works on these tokens with a bounded look-around, so the scrubber's work grows
 * with the text's length and nothing else (no backtracking regex ever sees the user's text whole).
 */
import { foldKeepingOffsets } from './fold.js';

export type TokenKind = 'word' | 'number' | 'space' | 'punct';

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** The original characters. */
  text: string;
  /** Lower case, accents removed, same length as text. */
  folded: string;
}

/** A word or number with what surrounds it, as the detectors need it. */
export interface Tok extends Token {
  /** Index in the significant-token list. */
  index: number;
  /** Whitespace (or the start of the text) right before it. */
  spaceBefore: boolean;
  /** A line break in the whitespace right before it. */
  lineBefore: boolean;
  /** First letter upper case, the rest not all upper case ('Maria', not 'MARIA' nor 'maria'). */
  capitalised: boolean;
  /** Every letter upper case and at least two letters ('IAM', 'MARIA'). */
  allCaps: boolean;
}

const LETTER = /\p{L}/u;
const SPACE = /\s/u;

function kindOf(code: number, char: string): TokenKind {
  if (code >= 48 && code <= 57) return 'number';
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return 'word';
  if (code === 32 || code === 9 || code === 10 || code === 13) return 'space';
  if (code < 128) return 'punct';
  // Surrogate halves (emoji and other astral symbols) are punctuation here.
  if (code >= 0xd800 && code <= 0xdfff) return 'punct';
  if (LETTER.test(char)) return 'word';
  if (SPACE.test(char)) return 'space';
  return 'punct';
}

const isUpper = (ch: string) => ch !== ch.toLowerCase() && ch === ch.toUpperCase();

/** The text's tokens, in order, covering every character once. */
export function tokenize(text: string, folded = foldKeepingOffsets(text)): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const kind = kindOf(text.charCodeAt(i), text[i] as string);
    let j = i + 1;
    if (kind !== 'punct')
      while (j < text.length && kindOf(text.charCodeAt(j), text[j] as string) === kind) j++;
    tokens.push({
      kind,
      start: i,
      end: j,
      text: text.slice(i, j),
      folded: folded.slice(i, j),
    });
    i = j;
  }
  return tokens;
}

/**
 * Words, numbers and punctuation (spaces folded into the next token's flags), indexed. Detectors
 * walk this list.
 */
export function significant(tokens: readonly Token[]): Tok[] {
  const out: Tok[] = [];
  let space = true;
  let line = true;
  for (const token of tokens) {
    if (token.kind === 'space') {
      space = true;
      if (token.text.includes('\n')) line = true;
      continue;
    }
    const first = token.text[0] as string;
    const upper = token.kind === 'word' && isUpper(first);
    const allCaps = upper && token.text.length > 1 && token.text === token.text.toUpperCase();
    out.push({
      ...token,
      index: out.length,
      spaceBefore: space,
      lineBefore: line,
      capitalised: upper && !allCaps,
      allCaps,
    });
    space = false;
    line = false;
  }
  return out;
}

/** Tokens that end a sentence or a field: after them capitals carry no meaning. */
export const isBreak = (t: Tok | undefined) =>
  t === undefined || (t.kind === 'punct' && '.!?:;|\n'.includes(t.text));

/** A word that starts a sentence, a line or a field (looking back over at most 3 opening marks). */
export function sentenceStart(toks: readonly Tok[], i: number): boolean {
  let k = i;
  for (let step = 0; step < 4; step++) {
    const t = toks[k];
    if (!t || t.lineBefore || k === 0) return true;
    const prev = toks[k - 1];
    if (isBreak(prev)) return true;
    // '- Maria', '"Maria', '(Maria'
    if (!(prev?.kind === 'punct' && '-–—"“(['.includes(prev.text))) return false;
    k--;
  }
  return false;
}
