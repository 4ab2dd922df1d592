/**
 * Accent- and case-insensitive matching that keeps offsets: every UTF-16 unit of the input maps to
 * exactly one unit of the folded text, so a match found in the folded text has the same start and
 * end in the original.
 */
export function foldKeepingOffsets(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text[i] as string;
    const code = unit.charCodeAt(0);
    // Surrogate halves and plain ASCII pass through (ASCII only lower-cased).
    if (code < 0x80) {
      out += unit.toLowerCase();
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      out += unit;
      continue;
    }
    const base = unit.normalize('NFD').charAt(0).toLowerCase().charAt(0);
    out += base || unit;
  }
  return out;
}

/** A name or phrase as compared: folded, single-spaced, trimmed. */
export function normaliseForComparison(text: string): string {
  return foldKeepingOffsets(text).replace(/\s+/g, ' ').trim();
}

/** Escapes a literal for use inside a RegExp. */
export const escapeRegExp = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
