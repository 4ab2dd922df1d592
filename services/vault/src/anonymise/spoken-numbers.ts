/**
 * Numbers as a speech engine writes them: 'cinco dois nove', 'noventa e oito sete seis',
 * 'cento e vinte', 'mil novecentos e oitenta', 'zero onze'. A run of such words (and numerals, and
 * the separators people say: 'ponto', 'traço', 'barra') becomes the digits it dictates.
 */
import type { Tok } from './tokens.js';

const UNITS = new Map<string, number>(
  Object.entries({
    zero: 0,
    um: 1,
    uma: 1,
    dois: 2,
    duas: 2,
    tres: 3,
    quatro: 4,
    cinco: 5,
    seis: 6,
    // 'meia' is six when digits are dictated ('nove meia').
    meia: 6,
    sete: 7,
    oito: 8,
    nove: 9,
  }),
);
const TEENS = new Map<string, number>(
  Object.entries({
    dez: 10,
    onze: 11,
    doze: 12,
    treze: 13,
    quatorze: 14,
    catorze: 14,
    quinze: 15,
    dezesseis: 16,
    dezasseis: 16,
    dezessete: 17,
    dezoito: 18,
    dezenove: 19,
  }),
);
const TENS = new Map<string, number>(
  Object.entries({
    vinte: 20,
    trinta: 30,
    quarenta: 40,
    cinquenta: 50,
    sessenta: 60,
    setenta: 70,
    oitenta: 80,
    noventa: 90,
  }),
);
const HUNDREDS = new Map<string, number>(
  Object.entries({
    cem: 100,
    cento: 100,
    duzentos: 200,
    duzentas: 200,
    trezentos: 300,
    trezentas: 300,
    quatrocentos: 400,
    quatrocentas: 400,
    quinhentos: 500,
    quinhentas: 500,
    seiscentos: 600,
    seiscentas: 600,
    setecentos: 700,
    setecentas: 700,
    oitocentos: 800,
    oitocentas: 800,
    novecentos: 900,
    novecentas: 900,
  }),
);

export const isNumberWord = (folded: string) =>
  UNITS.has(folded) ||
  TEENS.has(folded) ||
  TENS.has(folded) ||
  HUNDREDS.has(folded) ||
  folded === 'mil';

/** Words said between the groups of a dictated number. */
const SAID_SEPARATORS = new Set(['ponto', 'traco', 'hifen', 'barra', 'virgula']);
const PUNCT_SEPARATORS = new Set(['.', '-', '/', '(', ')', '–']);

export interface NumberPhrase {
  /** Index in the token list of the first and last token of the phrase. */
  first: number;
  last: number;
  value: number;
}

const word = (t: Tok | undefined) => (t?.kind === 'word' ? t.folded : '');
/** 'e' joining two parts of one number ('vinte e um'). */
const andAt = (toks: readonly Tok[], i: number) => word(toks[i]) === 'e';

/** One number below a thousand starting at token i ('cento e vinte e três', 'doze', 'sete'). */
function below1000(toks: readonly Tok[], i: number): NumberPhrase | null {
  let w = word(toks[i]);
  let value = 0;
  let last = i;
  let j = i;
  if (HUNDREDS.has(w)) {
    value = HUNDREDS.get(w) as number;
    last = j;
    // 'cem' stands alone; 'cento e ...' continues.
    if (w === 'cem' || !andAt(toks, j + 1)) return { first: i, last, value };
    j += 2;
    w = word(toks[j]);
    if (!(TENS.has(w) || TEENS.has(w) || UNITS.has(w)) || w === 'zero')
      return { first: i, last, value };
  }
  if (TENS.has(w)) {
    value += TENS.get(w) as number;
    last = j;
    const unit = word(toks[j + 2]);
    if (andAt(toks, j + 1) && UNITS.has(unit) && unit !== 'zero') {
      value += UNITS.get(unit) as number;
      last = j + 2;
    }
    return { first: i, last, value };
  }
  if (TEENS.has(w)) return { first: i, last: j, value: value + (TEENS.get(w) as number) };
  if (UNITS.has(w)) return { first: i, last: j, value: value + (UNITS.get(w) as number) };
  return value > 0 ? { first: i, last, value } : null;
}

/** One spoken number starting at token i, thousands included ('dois mil e vinte'). */
export function numberPhrase(toks: readonly Tok[], i: number): NumberPhrase | null {
  const head = word(toks[i]) === 'mil' ? null : below1000(toks, i);
  const milAt = head ? head.last + 1 : i;
  if (word(toks[milAt]) !== 'mil') return head;
  // 'mil novecentos e oitenta', 'dois mil e cinco'.
  const thousands = (head?.value ?? 1) * 1000;
  let next = milAt + 1;
  if (andAt(toks, next)) next++;
  const rest = below1000(toks, next);
  return rest
    ? { first: head ? i : milAt, last: rest.last, value: thousands + rest.value }
    : { first: head ? i : milAt, last: milAt, value: thousands };
}

export interface SpokenNumber {
  first: number;
  last: number;
  /** The digits dictated, in order ('zero onze' → '011'). */
  digits: string;
  /** Each phrase or numeral as said. */
  groups: string[];
  /** Whether any part was said in words (not only numerals). */
  spoken: boolean;
  /** The separator between each group and the next ('' when only blanks; 'barra', '/', '-'). */
  seps: string[];
}

/**
 * The dictated number starting at token i: number phrases and numerals, one after another, with
 * at most one separator between them. Null if token i starts none.
 */
export function spokenNumberAt(toks: readonly Tok[], i: number): SpokenNumber | null {
  const groups: string[] = [];
  const seps: string[] = [];
  let spoken = false;
  let j = i;
  let last = -1;
  while (j < toks.length) {
    const t = toks[j] as Tok;
    if (j > i && t.lineBefore) break;
    let consumed: number;
    if (t.kind === 'number') {
      groups.push(t.text);
      consumed = j;
    } else {
      const phrase = numberPhrase(toks, j);
      if (!phrase) break;
      groups.push(String(phrase.value));
      spoken = true;
      consumed = phrase.last;
    }
    last = consumed;
    j = consumed + 1;
    // One separator, said or written, may sit between groups.
    const sep = toks[j];
    const next = toks[j + 1];
    if (!sep || sep.lineBefore) break;
    const nextSpoken = next !== undefined && isNumberWord(word(next));
    const nextStarts =
      next !== undefined && !next.lineBefore && (next.kind === 'number' || nextSpoken);
    // A comma joins dictated words ('cinco dois nove, nove oito dois'), never a list of numerals.
    const comma = sep.text === ',' && (nextSpoken || t.kind === 'word');
    if (nextStarts && (SAID_SEPARATORS.has(word(sep)) || PUNCT_SEPARATORS.has(sep.text) || comma)) {
      seps.push(sep.kind === 'word' ? sep.folded : sep.text);
      j++;
    } else seps.push('');
  }
  if (last < 0) return null;
  return {
    first: i,
    last,
    digits: groups.join(''),
    groups,
    spoken,
    seps: seps.slice(0, groups.length - 1),
  };
}
