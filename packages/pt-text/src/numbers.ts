/**
 * Reading numbers said as pt-BR words: 'cento e vinte e cinco', 'dois mil e dezoito', 'mil
 * novecentos e oitenta', 'trinta e oito e meio'. One lexicon and one grammar for every reader;
 * what differs between readers (what counts as two words said together, whether 'e meio' adds a
 * half, whether 'meia' is six) is said by the caller. Bounded by the words it reads.
 */
import { spacesBetween, type Word, words } from './words.js';

/** Folded (accent-free) pt-BR number words below a thousand and their values. */
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

/** Whether a folded word is a number word ('mil' included). */
export const isNumberWord = (folded: string) => NUMBER_WORDS.has(folded) || folded === 'mil';

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

/** The words a number is read from, as the caller cut them. */
export interface WordSequence {
  /** The folded word at position i, or '' where there is none (past the end, a mark). */
  word(i: number): string;
  /** Whether the words at positions i and i + 1 are said together (nothing between but spaces). */
  together(i: number): boolean;
}

export interface NumberReading {
  /** 'e meio' / 'e meia' after a number adds a half: 'trinta e oito e meio' is 38.5. */
  halves?: boolean;
  /** 'cento' alone is 100 (digits dictated one group at a time), not the 'cento' of 'por cento'. */
  loneCento?: boolean;
  /** Extra unit words: 'meia' is six where digits are dictated ('nove meia'). */
  extraUnits?: ReadonlyMap<string, number>;
}

export interface NumberRead {
  value: number;
  /** Position of the first word after the number. */
  next: number;
}

function wordValue(word: string, reading: NumberReading): number | undefined {
  return NUMBER_WORDS.get(word) ?? reading.extraUnits?.get(word);
}

/** One group below a thousand: 'cento e vinte e cinco', 'dezoito', 'trezentos'. */
function readGroup(seq: WordSequence, i: number, reading: NumberReading): NumberRead | null {
  const first = wordValue(seq.word(i), reading);
  if (first === undefined) return null;
  let value = first;
  let kind = kindOf(first);
  let next = i + 1;
  // 'cem' stands alone ('cem mil' is read by the caller); 'cento' takes 'e' and a follower.
  while (seq.word(i) !== 'cem' && seq.word(next) === 'e') {
    const v = wordValue(seq.word(next + 1), reading);
    if (v === undefined || v === 0 || !FOLLOWERS[kind].has(kindOf(v))) break;
    if (!seq.together(next - 1) || !seq.together(next)) break;
    value += v;
    kind = kindOf(v);
    next += 2;
  }
  if (seq.word(i) === 'cento' && next === i + 1 && !reading.loneCento) return null;
  return { value, next };
}

/**
 * The number said as words from position `i`, or null. 'mil' multiplies ('dois mil e dezoito'
 * is 2018), a group may follow it with or without 'e' ('mil e oitocentos', 'mil duzentos').
 */
export function readNumberWords(
  seq: WordSequence,
  i: number,
  reading: NumberReading = {},
): NumberRead | null {
  let value: number;
  let next: number;
  if (seq.word(i) === 'mil') {
    value = 1000;
    next = i + 1;
  } else {
    const group = readGroup(seq, i, reading);
    if (!group) return null;
    value = group.value;
    next = group.next;
    if (seq.word(next) === 'mil' && seq.together(next - 1)) {
      value *= 1000;
      next++;
    }
  }
  if (value >= 1000) {
    const after = seq.word(next) === 'e' ? next + 1 : next;
    const group = readGroup(seq, after, reading);
    if (group && seq.together(after - 1)) {
      value += group.value;
      next = group.next;
    }
  }
  if (
    reading.halves &&
    seq.word(next) === 'e' &&
    (seq.word(next + 1) === 'meio' || seq.word(next + 1) === 'meia') &&
    seq.together(next - 1) &&
    seq.together(next)
  ) {
    value += 0.5;
    next += 2;
  }
  return { value, next };
}

/** A list of words of a folded text as a sequence: together when only 1-3 spaces separate them. */
export function wordListSequence(text: string, list: readonly Word[]): WordSequence {
  return {
    word: (i) => list[i]?.text ?? '',
    together: (i) => {
      const a = list[i];
      const b = list[i + 1];
      return a !== undefined && b !== undefined && spacesBetween(text, a.end, b.start);
    },
  };
}

/** Writes a value as a pt-BR number: 38.5 -> '38,5'. */
export function numberText(value: number): string {
  return Number.isInteger(value) ? String(value) : String(value).replace('.', ',');
}

/**
 * A folded text that is exactly one number, in digits or pt-BR words ('quarenta e cinco' -> 45,
 * 'cento e vinte' -> 120, 'trinta e oito e meio' -> 38.5); null otherwise.
 */
export function parsePtNumber(folded: string): number | null {
  const text = folded.trim().replace(/\s+/g, ' ');
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const list = words(text);
  if (list.length === 0 || list.some((w) => /\d/.test(w.text))) return null;
  const read = readNumberWords(wordListSequence(text, list), 0, { halves: true });
  return read && read.next === list.length ? read.value : null;
}
