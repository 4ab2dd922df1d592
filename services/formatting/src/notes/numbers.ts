/**
 * pt-BR numbers said as words ('cento e vinte', 'mil e oitocentas', 'trinta e oito e meio'),
 * read by a hand-written scanner (linear, no regular expression over the text), and the numeric
 * view of a folded text: the same text with spoken numbers written as digits and a map from each
 * of its positions back to the source, so the finders of vital signs and doses can work on digits
 * while their matches still slice the dictated words.
 */

/** Folded (accent-free) pt-BR number words and their values. */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['zero', 0],
  ['um', 1],
  ['uma', 1],
  ['dois', 2],
  ['duas', 2],
  ['tres', 3],
  ['quatro', 4],
  ['cinco', 5],
  ['seis', 6],
  ['sete', 7],
  ['oito', 8],
  ['nove', 9],
  ['dez', 10],
  ['onze', 11],
  ['doze', 12],
  ['treze', 13],
  ['catorze', 14],
  ['quatorze', 14],
  ['quinze', 15],
  ['dezesseis', 16],
  ['dezasseis', 16],
  ['dezessete', 17],
  ['dezassete', 17],
  ['dezoito', 18],
  ['dezenove', 19],
  ['dezanove', 19],
  ['vinte', 20],
  ['trinta', 30],
  ['quarenta', 40],
  ['cinquenta', 50],
  ['cincoenta', 50],
  ['sessenta', 60],
  ['setenta', 70],
  ['oitenta', 80],
  ['noventa', 90],
  ['cem', 100],
  ['cento', 100],
  ['duzentos', 200],
  ['duzentas', 200],
  ['trezentos', 300],
  ['trezentas', 300],
  ['quatrocentos', 400],
  ['quatrocentas', 400],
  ['quinhentos', 500],
  ['quinhentas', 500],
  ['seiscentos', 600],
  ['seiscentas', 600],
  ['setecentos', 700],
  ['setecentas', 700],
  ['oitocentos', 800],
  ['oitocentas', 800],
  ['novecentos', 900],
  ['novecentas', 900],
]);

type Kind = 'hundreds' | 'tens' | 'teens' | 'units';
const kindOf = (v: number): Kind =>
  v >= 100 ? 'hundreds' : v >= 20 ? 'tens' : v >= 10 ? 'teens' : 'units';
/** What may follow after 'e': hundreds take tens, teens or units; tens take units. */
const FOLLOWERS: Readonly<Record<Kind, ReadonlySet<Kind>>> = {
  hundreds: new Set(['tens', 'teens', 'units']),
  tens: new Set(['units']),
  teens: new Set(),
  units: new Set(),
};

/** A word of a text: folded letters or digits, with its offsets. */
export interface Word {
  text: string;
  start: number;
  end: number;
}

/**
 * Calls `visit` with the offsets of each run of letters or of digits of a folded text, in order.
 * Linear.
 */
export function scanWords(
  folded: string,
  visit: (start: number, end: number) => void,
  from = 0,
  to = folded.length,
): void {
  let i = from;
  while (i < to) {
    const c = folded.charCodeAt(i);
    const letter = c >= 97 && c <= 122;
    if (!letter && !(c >= 48 && c <= 57)) {
      i++;
      continue;
    }
    const start = i;
    while (i < to) {
      const d = folded.charCodeAt(i);
      if (letter ? !(d >= 97 && d <= 122) : !(d >= 48 && d <= 57)) break;
      i++;
    }
    visit(start, i);
  }
}

/** Letter and digit runs of a folded text. Linear. */
export function words(folded: string, from = 0, to = folded.length): Word[] {
  const out: Word[] = [];
  scanWords(
    folded,
    (start, end) => out.push({ text: folded.slice(start, end), start, end }),
    from,
    to,
  );
  return out;
}

/** Only spaces (at most `max`) between two offsets of a text. */
function spacesBetween(text: string, from: number, to: number, max = 3): boolean {
  if (to - from < 1 || to - from > max) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32) return false;
  return true;
}

export interface SpokenNumber {
  value: number;
  /** Index of the first word after the number. */
  next: number;
}

/** One group below a thousand: 'cento e vinte e cinco', 'dezoito', 'trezentos'. */
function readGroup(
  text: string,
  list: readonly Word[],
  i: number,
): { value: number; next: number } | null {
  const first = NUMBER_WORDS.get(list[i]?.text ?? '');
  if (first === undefined) return null;
  let value = first;
  let kind = kindOf(first);
  let next = i + 1;
  // 'cem' stands alone ('cem mil' is handled by the caller); 'cento' needs a follower.
  while (next + 1 < list.length) {
    const joiner = list[next] as Word;
    const word = list[next + 1] as Word;
    if (joiner.text !== 'e') break;
    const v = NUMBER_WORDS.get(word.text);
    if (v === undefined || !FOLLOWERS[kind].has(kindOf(v))) break;
    const prev = list[next - 1] as Word;
    if (
      !spacesBetween(text, prev.end, joiner.start) ||
      !spacesBetween(text, joiner.end, word.start)
    )
      break;
    value += v;
    kind = kindOf(v);
    next += 2;
  }
  // 'cento' never stands alone ('por cento' is a percentage).
  if (list[i]?.text === 'cento' && next === i + 1) return null;
  return { value, next };
}

/**
 * The number said as words from word `i` of `list` (words of the folded `text`), or null.
 * 'mil' multiplies ('dois mil e dezoito' -> 2018); 'e meio' adds a half ('trinta e oito e
 * meio' -> 38.5). Bounded by the number of words it reads.
 */
export function readSpokenNumber(
  text: string,
  list: readonly Word[],
  i: number,
): SpokenNumber | null {
  const w = list[i];
  if (!w) return null;
  let value = 0;
  let next = i;
  if (w.text === 'mil') {
    value = 1000;
    next = i + 1;
  } else {
    const group = readGroup(text, list, i);
    if (!group) return null;
    value = group.value;
    next = group.next;
    const mil = list[next];
    if (mil?.text === 'mil' && spacesBetween(text, (list[next - 1] as Word).end, mil.start)) {
      value *= 1000;
      next++;
    }
  }
  if (value >= 1000 && next < list.length) {
    // 'mil e oitocentos', 'mil duzentos'.
    const joiner = list[next] as Word;
    const after = joiner.text === 'e' ? next + 1 : next;
    const group = readGroup(text, list, after);
    if (
      group &&
      group.value < 1000 &&
      spacesBetween(text, (list[after - 1] as Word).end, (list[after] as Word).start)
    ) {
      value += group.value;
      next = group.next;
    }
  }
  const e = list[next];
  const half = list[next + 1];
  if (
    e?.text === 'e' &&
    (half?.text === 'meio' || half?.text === 'meia') &&
    spacesBetween(text, (list[next - 1] as Word).end, e.start) &&
    spacesBetween(text, e.end, half.start)
  ) {
    value += 0.5;
    next += 2;
  }
  return { value, next };
}

/**
 * Parses a folded number written in digits or pt-BR words ('quarenta e cinco' -> 45,
 * 'cento e vinte' -> 120). Returns null when the text is not exactly one number.
 */
export function parsePtNumber(folded: string): number | null {
  const text = folded.trim().replace(/\s+/g, ' ');
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const list = words(text);
  if (list.length === 0 || list.some((w) => /\d/.test(w.text))) return null;
  const read = readSpokenNumber(text, list, 0);
  return read && read.next === list.length ? read.value : null;
}

/** Writes a value as a pt-BR number: 38.5 -> '38,5'. */
export function numberText(value: number): string {
  return Number.isInteger(value) ? String(value) : String(value).replace('.', ',');
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
