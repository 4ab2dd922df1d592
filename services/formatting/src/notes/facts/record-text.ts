import { fold } from '@pv/pt-text';
import { withDigits } from '../reading/numbers.js';

// What the record's readers (clinical-record.ts and its record-*.ts parts) share: a digit view of
// the dictation, the negation said before a finding, and the bound on each list of the record.

/** The text with its spoken numbers as digits and its folded copy (same length, same offsets). */
export function digitView(text: string): { text: string; folded: string } {
  const digits = withDigits(text, fold(text));
  return { text: digits, folded: fold(digits) };
}

const NEGATION_BEFORE = /\b(?:nega|nao e|nao tem|sem|descarta|afasta)(?: ser)? ?$/;

export function negated(folded: string, at: number): boolean {
  return NEGATION_BEFORE.test(folded.slice(Math.max(0, at - 14), at));
}

/** The schema's bound on each list of the record (`maxItems`). */
export const MAX_ENTRIES = 100;
