/**
 * The words of a dictation as the cue scanners read them: the shared engine's tokens (@pv/pt-text)
 * with what separates each word from the one before, read from the punctuation tokens between
 * them. Linear in the length of the text.
 */
import { scanTokens } from '@pv/pt-text';

export interface Token {
  /** Folded letters or digits. */
  text: string;
  start: number;
  end: number;
  /** Dictated with a capital letter. */
  cap: boolean;
  /** What separates it from the previous token: spaces only, a comma, or a stronger mark. */
  gap: 'none' | 'comma' | 'stop';
  /** The gap holds a colon ('Nome: ...'). */
  colon: boolean;
  /** The gap holds a clause mark: ',', ';', ':' or a spaced dash. */
  clause: boolean;
}

/** Upper-case letters: A-Z and À-Þ (but ×). */
const isUpper = (c: number) => (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0xde && c !== 0xd7);

/** Flags of what a gap between two words holds. */
const STOP = 1;
const COMMA = 2;
const COLON = 4;
const DASH = 8;

/** What the punctuation mark at `i` says about the gap it sits in. */
function markFlag(text: string, i: number, wordBefore: number): number {
  switch (text.charCodeAt(i)) {
    case 44: // ,
      return COMMA;
    case 58: // :
      return COLON | STOP;
    case 46: // .
    case 59: // ;
    case 33: // !
    case 63: // ?
    case 40: // (
    case 41: // )
    case 91: // [
    case 93: // ]
    case 34: // "
    case 0x201c:
    case 0x201d:
      return STOP;
    case 45: // -
    case 0x2013:
    case 0x2014: {
      // A dash between spaces (or touching a word) separates clauses; 'anti-inflamatório' does not.
      const spacedBefore = i === wordBefore || text.charCodeAt(i - 1) === 32;
      const after = text.charCodeAt(i + 1);
      const spacedAfter = after === 32 || isWordStart(after);
      return spacedBefore && spacedAfter ? DASH : 0;
    }
    default:
      return 0;
  }
}

/** A character that starts a word or a number token (so a dash right before it touches a word). */
const isWordStart = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0xc0;

/** The words and numbers of `text` with their gaps (`folded` is its folded copy). */
export function tokenize(text: string, folded: string): Token[] {
  const out: Token[] = [];
  let gap = 0;
  let wordEnd = 0;
  scanTokens(text, (kind, start, end, _spaceBefore, lineBefore) => {
    if (kind === 'punct') {
      gap |= markFlag(text, start, wordEnd);
      return;
    }
    if (lineBefore) gap |= STOP;
    const stop = out.length === 0 || (gap & STOP) !== 0;
    out.push({
      text: folded.slice(start, end),
      start,
      end,
      cap: isUpper(text.charCodeAt(start)),
      gap: stop ? 'stop' : (gap & COMMA) !== 0 ? 'comma' : 'none',
      colon: (gap & COLON) !== 0,
      clause: stop || (gap & (COMMA | DASH)) !== 0,
    });
    gap = 0;
    wordEnd = end;
  });
  return out;
}
