/**
 * Accent- and case-insensitive matching that keeps offsets: every UTF-16 unit of the input maps to
 * exactly one unit of the folded text, so a match found in the folded text has the same start and
 * end in the original.
 */
export function foldKeepingOffsets(text: string): string {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Plain ASCII is only lower-cased; surrogate halves pass through.
    if (code < 0x80) codes[i] = code >= 65 && code <= 90 ? code + 32 : code;
    else if (code >= 0xd800 && code <= 0xdfff) codes[i] = code;
    else codes[i] = foldedUnit(code);
  }
  // Built in chunks: one string per 4,096 units, not one per unit.
  const parts: string[] = [];
  for (let i = 0; i < codes.length; i += 4096)
    parts.push(String.fromCharCode(...codes.subarray(i, i + 4096)));
  return parts.join('');
}

const foldCache = new Map<number, number>();

/** One non-ASCII unit folded: its base letter without accents, lower case. */
function foldedUnit(code: number): number {
  const cached = foldCache.get(code);
  if (cached !== undefined) return cached;
  const unit = String.fromCharCode(code);
  const base = unit.normalize('NFD').charAt(0).toLowerCase().charAt(0);
  const folded = base === '' ? code : base.charCodeAt(0);
  foldCache.set(code, folded);
  return folded;
}

/** A name or phrase as compared: folded, single-spaced, trimmed. */
export function normaliseForComparison(text: string): string {
  return foldKeepingOffsets(text).replace(/\s+/g, ' ').trim();
}
