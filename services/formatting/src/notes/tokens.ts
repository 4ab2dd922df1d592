import { scanWords, type Word } from '@pv/pt-text';
/**
 * Words of a dictation with what separates them, for the scanners that read cues and names word
 * by word. Linear in the length of the text.
 */

export interface Token extends Word {
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

function gapFlag(text: string, i: number, from: number, to: number): number {
  switch (text.charCodeAt(i)) {
    case 44: // ,
      return COMMA;
    case 58: // :
      return COLON | STOP;
    case 46: // .
    case 59: // ;
    case 33: // !
    case 63: // ?
    case 10: // \n
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
      const spacedBefore = i === from || text.charCodeAt(i - 1) === 32;
      const spacedAfter = i === to - 1 || text.charCodeAt(i + 1) === 32;
      return spacedBefore && spacedAfter ? DASH : 0;
    }
    default:
      return 0;
  }
}

/** What a gap between two words holds, read from both ends when it is long (bounded work). */
function readGap(text: string, from: number, to: number): number {
  let flags = 0;
  if (to - from <= 32) {
    for (let i = from; i < to; i++) flags |= gapFlag(text, i, from, to);
  } else {
    for (let i = from; i < from + 16; i++) flags |= gapFlag(text, i, from, to);
    for (let i = to - 16; i < to; i++) flags |= gapFlag(text, i, from, to);
  }
  return flags;
}

/** The tokens of `text` (its folded copy gives the words; the text gives the capitals). */
export function tokenize(text: string, folded: string): Token[] {
  const out: Token[] = [];
  let prevEnd = 0;
  scanWords(folded, (start, end) => {
    const gap = readGap(text, prevEnd, start);
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
    prevEnd = end;
  });
  return out;
}
