/**
 * The numeric view of a folded text: the same text with spoken numbers written as digits and a
 * map from each of its positions back to the source, so the finders of vital signs and doses can
 * work on digits while their matches still slice the dictated words. The numbers are read by the
 * shared pt-BR engine (@pv/pt-text); what is formatting's own is which spoken numbers count here
 * (a lone 'um' is an article unless a unit follows; 'dois pontos' is a colon).
 */
import {
  NUMBER_WORDS,
  type NumberRead,
  numberText,
  readNumberWords,
  type Word,
  wordListSequence,
  words,
} from '@pv/pt-text';

/** The number said as words from word `i` of `list` (words of the folded `text`), or null. */
export function readSpokenNumber(
  text: string,
  list: readonly Word[],
  i: number,
): NumberRead | null {
  return readNumberWords(wordListSequence(text, list), i, { halves: true });
}

/** Words after which a lone 'um'/'uma' is a quantity (a dose), not an article. */
const QUANTITY_AFTER_ONE = new Set([
  'grama',
  'gramas',
  'g',
  'miligrama',
  'mg',
  'micrograma',
  'mcg',
  'mililitro',
  'ml',
  'litro',
  'ampola',
  'frasco',
  'comprimido',
  'capsula',
  'gota',
  'unidade',
  'ui',
  'metro',
]);

/** A folded text with spoken numbers as digits, and where each of its characters came from. */
export interface NumericView {
  text: string;
  /** Source offset of each character of `text`, plus one final entry for its end. */
  map: Int32Array;
}

interface NumberSpan {
  start: number;
  end: number;
  digits: string;
}

/** A word that may start a spoken number (literal alternation: linear). */
const NUMBER_START = new RegExp(
  `(?<![a-z0-9])(?:${[...NUMBER_WORDS.keys(), 'mil'].sort((x, y) => y.length - x.length).join('|')})(?![a-z0-9])`,
  'g',
);
/** How far a spoken number may reach ('novecentos e noventa e nove mil e novecentos e ...'). */
const NUMBER_WINDOW = 160;
/** Most spoken numbers end within this many characters. */
const SHORT_WINDOW = 40;

/** The spoken numbers of a folded text, as spans to replace by digits (see `numericView`). */
function spokenNumberSpans(folded: string): NumberSpan[] {
  const spans: NumberSpan[] = [];
  NUMBER_START.lastIndex = 0;
  for (let m = NUMBER_START.exec(folded); m; m = NUMBER_START.exec(folded)) {
    const start = m.index;
    // Read the words of a bounded window from the candidate: bounded work per candidate.
    let list = words(folded, start, Math.min(folded.length, start + SHORT_WINDOW));
    let read = readSpokenNumber(folded, list, 0);
    if (read && read.next >= list.length - 1 && start + SHORT_WINDOW < folded.length) {
      list = words(folded, start, Math.min(folded.length, start + NUMBER_WINDOW));
      read = readSpokenNumber(folded, list, 0);
    }
    const w = list[0] as Word;
    const single = read !== null && read.next === 1;
    const lonelyOne =
      single &&
      (w.text === 'um' || w.text === 'uma') &&
      !QUANTITY_AFTER_ONE.has(list[1]?.text ?? '');
    const colon = single && w.text === 'dois' && list[1]?.text === 'pontos';
    if (!read || lonelyOne || colon) continue;
    const end = (list[read.next - 1] as Word).end;
    spans.push({ start, end, digits: numberText(read.value) });
    NUMBER_START.lastIndex = end;
  }
  return spans;
}

/**
 * The numeric view of a folded text: 'pressao cento e vinte por oitenta' becomes
 * 'pressao 120 por 80'. A lone 'um'/'uma' becomes 1 only before a unit ('um grama'); 'dois
 * pontos' is left alone. Linear in the length of the text.
 */
export function numericView(folded: string): NumericView {
  const spans = spokenNumberSpans(folded);
  let length = folded.length;
  for (const span of spans) length += span.digits.length - (span.end - span.start);
  const map = new Int32Array(length + 1);
  const parts: string[] = [];
  let pos = 0;
  let out = 0;
  for (const span of spans) {
    for (let k = pos; k < span.start; k++) map[out++] = k;
    parts.push(folded.slice(pos, span.start), span.digits);
    // The first digit maps to the number's start, the others to its end (see `toSource`).
    for (let k = 0; k < span.digits.length; k++) map[out++] = k === 0 ? span.start : span.end;
    pos = span.end;
  }
  for (let k = pos; k < folded.length; k++) map[out++] = k;
  parts.push(folded.slice(pos));
  map[out] = folded.length;
  return { text: parts.join(''), map };
}

/**
 * `text` (any case) with its spoken numbers written as digits: 'cinquenta miligramas' ->
 * '50 miligramas'. With `only`, just the numbers followed by a word it accepts.
 */
export function withDigits(
  text: string,
  folded: string,
  only?: (nextWord: string) => boolean,
): string {
  let out = '';
  let pos = 0;
  for (const span of spokenNumberSpans(folded)) {
    if (
      only &&
      !only(/^\s{0,3}([a-z]{1,20})/.exec(folded.slice(span.end, span.end + 24))?.[1] ?? '')
    ) {
      continue;
    }
    out += text.slice(pos, span.start) + span.digits;
    pos = span.end;
  }
  return out + text.slice(pos);
}

/** Source offsets of a range of a numeric view. */
export function toSource(
  view: NumericView,
  start: number,
  end: number,
): { start: number; end: number } {
  const s = view.map[start] as number;
  const e = view.map[end] as number;
  return { start: s, end: Math.max(s, e) };
}
