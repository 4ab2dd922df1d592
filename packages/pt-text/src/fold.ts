/**
 * Folding: a lower-case, accent-free copy of a text with exactly the same length, so a pattern
 * written without accents runs on the folded copy and its match offsets slice the original text.
 * Every UTF-16 unit maps to exactly one unit; a character whose folded form would be longer (or a
 * surrogate half of an emoji) stays as it is. Linear, one table lookup per unit.
 */

/** Marks a dictation tool or a keyboard produces, read as their plain forms. */
const EXTRA_FOLDS: ReadonlyMap<number, number> = new Map([
  [0x2018, 0x27], // ‘ -> '
  [0x2019, 0x27], // ’ -> '
  [0x201c, 0x22], // “ -> "
  [0x201d, 0x22], // ” -> "
  [0x00ba, 0x6f], // º -> o (1º, nº)
  [0x00aa, 0x61], // ª -> a (2ª)
  [0x00b5, 0x75], // µ (micro sign) -> u: 'µg' reads as 'ug'
  [0x03bc, 0x75], // μ (Greek mu, typed for micro) -> u
]);

/** Folded unit of each BMP code unit, filled on first use (0 = not computed yet). */
const TABLE = new Uint16Array(0x10000);

function computeUnit(code: number): number {
  const extra = EXTRA_FOLDS.get(code);
  if (extra !== undefined) return extra;
  // Surrogate halves pass through: an astral character keeps both its halves.
  if (code >= 0xd800 && code <= 0xdfff) return code;
  const base = String.fromCharCode(code).normalize('NFD').charAt(0).toLowerCase();
  return base.length === 1 ? base.charCodeAt(0) : code;
}

/** One UTF-16 unit folded: its base letter without accents, in lower case. */
export function foldUnit(code: number): number {
  if (code < 0x80) return code >= 65 && code <= 90 ? code + 32 : code;
  let folded = TABLE[code] as number;
  if (folded === 0) {
    folded = computeUnit(code);
    TABLE[code] = folded;
  }
  return folded;
}

const UTF16 = new TextDecoder('utf-16le');

/** Lower-case, accent-free copy of `text` with the same length (index-compatible). */
export function fold(text: string): string {
  const n = text.length;
  const out = new Uint16Array(n);
  for (let i = 0; i < n; i++) out[i] = foldUnit(text.charCodeAt(i));
  // Back to a string in one native call (lone surrogates pass through unchanged).
  return UTF16.decode(out);
}

/** Combining diacritical marks (U+0300-U+036F): what NFD splits off a letter. */
export const isCombiningMark = (code: number) => code >= 0x300 && code <= 0x36f;

const COMBINING_MARKS = /[\u0300-\u036f]+/g;

/**
 * A name or phrase as compared: folded, combining marks dropped (text typed in decomposed form
 * compares equal to the composed one), single-spaced, trimmed. Not index-compatible.
 */
export function foldForComparison(text: string): string {
  return fold(text).replace(COMBINING_MARKS, '').replace(/\s+/g, ' ').trim();
}

/**
 * Key for matching words: folded, combining marks dropped (a text typed in decomposed form), every
 * run of anything but a-z and 0-9 one space, trimmed. Not index-compatible.
 */
export function matchKey(text: string): string {
  const out = new Uint16Array(text.length);
  let length = 0;
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const code = foldUnit(text.charCodeAt(i));
    if (isCombiningMark(code)) continue;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (pendingSpace && length > 0) out[length++] = 32;
      pendingSpace = false;
      out[length++] = code;
    } else pendingSpace = true;
  }
  return UTF16.decode(out.subarray(0, length));
}
