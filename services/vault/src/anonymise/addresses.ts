/**
 * Street addresses: a street word, the street's name, a house number (written or dictated: 'Rua
 * Augusta, 1500, apto 12', 'rua das flores número cento e vinte apartamento trinta e dois') and
 * its complements and neighbourhood. Without a number, a capitalised street name ('Travessa São
 * Jorge') or a street after 'mora na' / 'reside na' still counts. A number that measures something
 * ('na rua há 3 dias') is no house number.
 */

import type { Token } from '@pv/pt-text';
import { SUBJECT_VERBS } from './lexicon.js';
import type { Span } from './spans.js';
import { isNumberWord, numberPhrase } from './spoken-numbers.js';
import { isBreak } from './tokens.js';

const STREET = new Set([
  'rua',
  'avenida',
  'travessa',
  'alameda',
  'estrada',
  'rodovia',
  'praca',
  'viela',
  'beco',
  'servidao',
  'quadra',
]);
/** Abbreviations that are a street word only with their dot ('R. Augusta', 'Av. Paulista'). */
const STREET_ABBREVIATIONS = new Set(['r', 'av', 'trav', 'tv', 'al', 'estr', 'rod', 'pca', 'qd']);
/** Words that also mean other things: a street only when capitalised ('Largo do Arouche'). */
const CAPITALISED_STREET = new Set(['largo', 'av']);

const COMPLEMENTS = new Set([
  'apto',
  'apartamento',
  'ap',
  'apt',
  'bloco',
  'bl',
  'casa',
  'sala',
  'conjunto',
  'conj',
  'cj',
  'lote',
  'lt',
  'quadra',
  'qd',
  'andar',
  'torre',
  'km',
  'fundos',
  'terreo',
  'loja',
]);
const NUMBER_MARKERS = new Set(['n', 'no', 'nº', 'num', 'numero', 'nro']);
const MEASURES = new Set([
  'dia',
  'dias',
  'ano',
  'anos',
  'mes',
  'meses',
  'semana',
  'semanas',
  'hora',
  'horas',
  'h',
  'min',
  'minutos',
  'mg',
  'mcg',
  'ml',
  'g',
  'kg',
  'cm',
  'mm',
  'ms',
  'vezes',
  'x',
  'graus',
  'mmhg',
  'bpm',
  'irpm',
  'metros',
  'm',
  'quilometros',
  'quarteiroes',
]);
/** Words that end a street's name: they start the next clause or field. */
const ENDS_STREET = new Set([
  'ha',
  'com',
  'sem',
  'desde',
  'para',
  'pra',
  'ate',
  'porque',
  'quando',
  'onde',
  'que',
  'mas',
  'cep',
  'telefone',
  'celular',
  'cidade',
  'municipio',
  'estado',
  'e',
  'em',
  'bairro',
]);
const ADDRESS_CUES = new Set(['mora', 'morava', 'reside', 'residente', 'endereco', 'domicilio']);
const MAX_NAME_TOKENS = 9;

const word = (t: Token | undefined) => (t?.kind === 'word' ? t.folded : '');

/** The street word at i, and the index after it (past an abbreviation's dot); or null. */
function streetAt(toks: readonly Token[], i: number): number | null {
  const t = toks[i] as Token;
  if (t.kind !== 'word') return null;
  if (CAPITALISED_STREET.has(t.folded) && !t.capitalised) return null;
  if (STREET.has(t.folded)) return i + 1;
  if (!STREET_ABBREVIATIONS.has(t.folded)) return null;
  const dot = toks[i + 1]?.text === '.';
  const next = toks[dot ? i + 2 : i + 1];
  if (!dot && !(t.folded === 'av' && t.capitalised)) return null;
  return next && (next.capitalised || next.allCaps || next.kind === 'number')
    ? dot
      ? i + 2
      : i + 1
    : null;
}

/** A house number at k: numeral, spoken number or 's/n'. Returns the last token, or -1. */
function houseNumberAt(toks: readonly Token[], k: number): number {
  const t = toks[k] as Token;
  let last = -1;
  if (t.kind === 'number') {
    last = k;
    // '1500A', '12-B'
    const suffix = toks[k + 1];
    if (suffix && !suffix.spaceBefore && suffix.kind === 'word' && suffix.text.length === 1) last++;
  } else if (isNumberWord(t.folded)) last = numberPhrase(toks, k)?.last ?? -1;
  else if (t.folded === 's' && toks[k + 1]?.text === '/' && word(toks[k + 2]) === 'n') last = k + 2;
  else if (t.folded === 'sn') last = k;
  else if (t.folded === 'sem' && word(toks[k + 1]) === 'numero') last = k + 1;
  if (last < 0) return -1;
  const after = toks[last + 1];
  if (after && (MEASURES.has(word(after)) || after.text === '%' || after.text === '/')) return -1;
  return last;
}

/** Complements and neighbourhood after the house number: returns the last token covered. */
function complementsAfter(toks: readonly Token[], last: number): number {
  let end = last;
  for (let round = 0; round < 5; round++) {
    let k = end + 1;
    if (toks[k]?.text === ',' || toks[k]?.text === '-') k++;
    const w = word(toks[k]);
    if (w === 'bairro') {
      let j = k + 1;
      let n = 0;
      while (
        n < 3 &&
        toks[j]?.kind === 'word' &&
        !ENDS_STREET.has(word(toks[j])) &&
        !toks[j]?.lineBefore
      ) {
        end = j;
        j++;
        n++;
      }
      return end;
    }
    if (!COMPLEMENTS.has(w)) return end;
    k++;
    if (toks[k]?.text === '.') k++;
    if (NUMBER_MARKERS.has(word(toks[k]))) k++;
    if (toks[k]?.text === '.' || toks[k]?.text === 'º') k++;
    const value = toks[k];
    if (!value) return k - 1;
    const number = houseNumberAt(toks, k);
    if (number >= 0) end = number;
    else if (value.kind === 'word' && value.text.length <= 3 && !ENDS_STREET.has(value.folded))
      end = k;
    else end = k - 1;
  }
  return end;
}

export function addressSpans(toks: readonly Token[]): Span[] {
  const spans: Span[] = [];
  const push = (first: number, last: number) =>
    spans.push({
      start: (toks[first] as Token).start,
      end: (toks[last] as Token).end,
      tag: '[ENDERECO]',
    });
  let resume = 0;
  for (let s = 0; s < toks.length; s++) {
    if (s < resume) continue;
    // 'mora no bairro Boa Vista': a neighbourhood after an address cue, or capitalised.
    if (word(toks[s]) === 'bairro') {
      const cued = [1, 2, 3].some((back) => ADDRESS_CUES.has(word(toks[s - back])));
      const named = toks[s + 1]?.capitalised === true;
      const end = cued || named ? complementsAfter(toks, s - 1) : s;
      if (end > s) {
        push(s, end);
        resume = end + 1;
      }
      continue;
    }
    const from = streetAt(toks, s);
    if (from === null) continue;
    let lastNumber = -1;
    let lastName = s;
    let k = from;
    for (let n = 0; n < MAX_NAME_TOKENS && k < toks.length; n++) {
      const t = toks[k] as Token;
      if (t.lineBefore && k > from) break;
      const w = word(t);
      if (t.kind === 'punct') {
        // Dots of abbreviations ('Dr.', 'Brig.'), commas and hyphens stay inside the address.
        const abbreviation = t.text === '.' && (toks[k - 1]?.text.length ?? 9) <= 5;
        if (!(t.text === ',' || t.text === '-' || t.text === 'º' || abbreviation)) break;
        k++;
        continue;
      }
      if (ENDS_STREET.has(w) || SUBJECT_VERBS.has(w)) break;
      if (NUMBER_MARKERS.has(w)) {
        k++;
        continue;
      }
      const number = houseNumberAt(toks, k);
      if (number >= 0) {
        // 'Rua 7 de Setembro', 'rua sete de setembro': a number followed by 'de' + a word is
        // part of the name.
        const partOfName = word(toks[number + 1]) === 'de' && toks[number + 2]?.kind === 'word';
        lastName = number;
        k = number + 1;
        if (partOfName) continue;
        lastNumber = number;
        break;
      }
      if (t.kind === 'number' || isNumberWord(w)) break;
      lastName = k;
      k++;
    }
    if (lastNumber >= 0) {
      const end = complementsAfter(toks, lastNumber);
      push(s, end);
      resume = end + 1;
      continue;
    }
    // No number: a capitalised street name, or any street after 'mora na' / 'reside na'.
    const cued = [1, 2, 3].some((back) => ADDRESS_CUES.has(word(toks[s - back])));
    let last = s;
    for (let j = from; j <= lastName && j < from + 7; j++) {
      const t = toks[j] as Token;
      const particle = ['da', 'de', 'do', 'das', 'dos'].includes(t.folded);
      if (t.kind === 'punct' && t.text !== '.') break;
      if (!(cued || t.capitalised || t.allCaps || particle || t.text === '.')) break;
      if (!particle && t.kind !== 'punct') last = j;
    }
    if (last > s && ((toks[s] as Token).capitalised || cued) && !isBreak(toks[s + 1])) {
      push(s, last);
      resume = last + 1;
    }
  }
  return spans;
}
