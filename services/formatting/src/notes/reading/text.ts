/**
 * Text helpers shared by the offline formatter, the dictionary and the diagnostic analysis.
 *
 * Folding itself (`fold`: a lower-case, accent-free, index-compatible copy) is the shared pt-BR
 * engine's (@pv/pt-text); what is here is how the notes write text back.
 */

import { NUMBER_WORDS } from '@pv/pt-text';

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Upper-cases the first letter, when the text starts with one (after quotes or brackets). */
export function capitalizeFirst(text: string): string {
  const match = /^[\s"'“‘([]*/.exec(text);
  const i = match ? match[0].length : 0;
  const ch = text.charAt(i);
  if (!/[a-zà-öø-ÿ]/.test(ch)) return text;
  return text.slice(0, i) + ch.toLocaleUpperCase('pt-BR') + text.slice(i + 1);
}

const NAME_PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);

/** 'joão DA silva' -> 'João da Silva'. */
export function titleCaseName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word, i) => {
      const lower = word.toLocaleLowerCase('pt-BR');
      if (i > 0 && NAME_PARTICLES.has(lower)) return lower;
      return lower.charAt(0).toLocaleUpperCase('pt-BR') + lower.slice(1);
    })
    .join(' ');
}

/** Collapses runs of spaces and tabs (not newlines) and trims. */
export function collapseSpaces(text: string): string {
  return text.replace(/[ \t\u00a0]+/g, ' ').trim();
}

/** Ensures a sentence ends with terminal punctuation. */
export function ensurePeriod(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  return /[.!?…)"]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Formats a number with the pt-BR decimal comma: 36.8 -> '36,8'. */
export function ptDecimal(value: number, maxFractionDigits = 1): string {
  const factor = 10 ** maxFractionDigits;
  const rounded = Math.round(value * factor) / factor;
  return String(rounded).replace('.', ',');
}

// ---- pt-BR number words ------------------------------------------------------------------------

const NUMBER_WORD_ALT = [...NUMBER_WORDS.keys()].sort((a, b) => b.length - a.length).join('|');

/**
 * Regex source (for folded text) of a number written in digits or in pt-BR words, e.g. '45',
 * 'quarenta e cinco', 'cento e vinte'. Non-capturing; wrap it in a group to capture. Every
 * quantifier is bounded, so a pattern built with it stays linear on any input.
 */
export const NUMBER_SOURCE = `(?:\\d{1,3}|(?:${NUMBER_WORD_ALT})(?:\\s{1,3}e\\s{1,3}(?:${NUMBER_WORD_ALT})){0,3})(?![a-z])`;

// ---- sentence boundaries -----------------------------------------------------------------------

/** Folded abbreviations after which a period does not end a sentence. */
const ABBREVIATIONS = new Set([
  'sr',
  'sra',
  'srta',
  'dr',
  'dra',
  'prof',
  'profa',
  'aprox',
  'ex',
  'obs',
  'n',
  'no',
  'nr',
  'art',
  'pag',
  'tel',
  'av',
  'sto',
  'sta',
  'cia',
  'vs',
  'etc',
]);

export interface Span {
  start: number;
  end: number;
}

/**
 * Splits a text into sentences. A sentence ends at a newline, or at '.', '!', '?', ';' or '…'
 * followed by whitespace or the end of the text — not at the period of an abbreviation such as
 * 'Sra.' nor inside a number such as '36.8'. Returns the spans of the non-blank sentences, each
 * including its terminal punctuation. Linear in the length of the text.
 */
export function splitSentences(text: string, folded: string): Span[] {
  const spans: Span[] = [];
  const n = text.length;
  let start = 0;
  const push = (end: number) => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text.charAt(s))) s++;
    while (e > s && /\s/.test(text.charAt(e - 1))) e--;
    if (e > s) spans.push({ start: s, end: e });
  };
  for (let i = 0; i < n; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 /* \n */) {
      push(i);
      start = i + 1;
      continue;
    }
    // . ! ? ; …
    if (ch !== 46 && ch !== 33 && ch !== 63 && ch !== 59 && ch !== 0x2026) continue;
    const next = i + 1 < n ? text.charCodeAt(i + 1) : 32;
    const nextIsSpace = next === 32 || next === 10 || next === 9 || next === 13 || next === 0xa0;
    if (!nextIsSpace) continue;
    if (ch === 46) {
      let w = i;
      while (w > 0 && /[a-z]/.test(folded.charAt(w - 1))) w--;
      if (w < i && ABBREVIATIONS.has(folded.slice(w, i))) continue;
    }
    push(i + 1);
    start = i + 1;
  }
  push(n);
  return spans;
}

/** Binary search: index of the last span whose start is <= pos, or -1. */
export function spanIndexAt(spans: readonly Span[], pos: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid] as Span).start <= pos) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
