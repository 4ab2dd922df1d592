/**
 * Numbers as a speech engine writes them: 'cinco dois nove', 'noventa e oito sete seis',
 * 'cento e vinte', 'mil novecentos e oitenta', 'zero onze'. A run of such words (and numerals, and
 * the separators people say: 'ponto', 'traço', 'barra') becomes the digits it dictates. Each
 * number phrase is read by the shared pt-BR engine (@pv/pt-text); what is the vault's own is how
 * dictated digits run together.
 */
import {
  isNumberWord as isEngineNumberWord,
  readNumberWords,
  type Token,
  type WordSequence,
} from '@pv/pt-text';

/** 'meia' is six when digits are dictated ('nove meia'); a lone 'cento' is a group of digits. */
const DIGIT_DICTATION = { loneCento: true, extraUnits: new Map([['meia', 6]]) } as const;

export const isNumberWord = (folded: string) => isEngineNumberWord(folded) || folded === 'meia';

/** Words said between the groups of a dictated number. */
const SAID_SEPARATORS = new Set(['ponto', 'traco', 'hifen', 'barra', 'virgula']);
const PUNCT_SEPARATORS = new Set(['.', '-', '/', '(', ')', '–']);

export interface NumberPhrase {
  /** Index in the token list of the first and last token of the phrase. */
  first: number;
  last: number;
  value: number;
}

const word = (t: Token | undefined) => (t?.kind === 'word' ? t.folded : '');

/** The tokens as the engine reads them: words only; tokens next to each other are said together. */
const tokenSequence = (toks: readonly Token[]): WordSequence => ({
  word: (i) => word(toks[i]),
  together: () => true,
});

/** One spoken number starting at token i, thousands included ('dois mil e vinte'). */
export function numberPhrase(toks: readonly Token[], i: number): NumberPhrase | null {
  const read = readNumberWords(tokenSequence(toks), i, DIGIT_DICTATION);
  return read ? { first: i, last: read.next - 1, value: read.value } : null;
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
export function spokenNumberAt(toks: readonly Token[], i: number): SpokenNumber | null {
  const groups: string[] = [];
  const seps: string[] = [];
  let spoken = false;
  let j = i;
  let last = -1;
  while (j < toks.length) {
    const t = toks[j] as Token;
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
