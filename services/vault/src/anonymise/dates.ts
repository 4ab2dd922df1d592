/**
 * Dates: written ('03/04/1979', '1979-04-03', '12 de março de 1980'), dictated ('doze de março
 * de mil novecentos e oitenta', 'doze barra três barra oitenta', 'dia doze do três de oitenta')
 * and birth years ('nascido em 1980', 'nasceu em mil novecentos e oitenta'). A date after a birth
 * cue is [DATA_NASCIMENTO]; other full dates are [DATA]; a day and month without a year is only
 * an identifier when it is the birthday.
 */

import type { Token } from '@pv/pt-text';
import { cueBefore, type NumberRun } from './numbers.js';
import type { RedactionTag, Span } from './spans.js';
import { numberPhrase } from './spoken-numbers.js';

const MONTHS = new Map(
  [
    'janeiro',
    'fevereiro',
    'marco',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ].map((m, i) => [m, i + 1]),
);

const BIRTH_WORDS = new Set(['nascimento', 'nascido', 'nascida', 'nasceu', 'nasc', 'dn']);

const validDayMonth = (day: number, month: number) =>
  day >= 1 && day <= 31 && month >= 1 && month <= 12;
const validYear = (year: string) =>
  /^\d{2}$/.test(year) || (/^\d{4}$/.test(year) && year >= '1900' && year <= '2099');

const NUMERIC_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The value of the number (numeral or spoken) that ends exactly at token `last`, if any. */
function numberEndingAt(
  toks: readonly Token[],
  last: number,
): { first: number; value: number } | null {
  const t = toks[last];
  if (!t) return null;
  if (t.kind === 'number')
    return t.text.length <= 2 ? { first: last, value: Number(t.text) } : null;
  // 'primeiro de abril', '1º de maio'
  if (t.folded === 'primeiro') return { first: last, value: 1 };
  if (t.text === 'º' && toks[last - 1]?.kind === 'number')
    return { first: last - 1, value: Number(toks[last - 1]?.text) };
  // A spoken day is at most 'vinte e nove': three tokens.
  for (let first = last - 2; first <= last; first++) {
    if (first < 0) continue;
    const phrase = numberPhrase(toks, first);
    if (phrase && phrase.last === last) return { first, value: phrase.value };
  }
  return null;
}

/** A year (numeral, or spoken below 100 or between 1900 and 2099) starting at token i. */
function yearAt(toks: readonly Token[], i: number): { last: number } | null {
  const t = toks[i];
  if (!t) return null;
  if (t.kind === 'number') return validYear(t.text) ? { last: i } : null;
  const phrase = numberPhrase(toks, i);
  if (!phrase) return null;
  const v = phrase.value;
  return v < 100 || (v >= 1900 && v <= 2099) ? { last: phrase.last } : null;
}

export function dateSpans(runs: readonly NumberRun[], toks: readonly Token[]): Span[] {
  const spans: Span[] = [];
  const birth = (first: number) => cueBefore(toks, first) === 'birth';
  const push = (first: number, last: number, tag: RedactionTag) =>
    spans.push({ start: (toks[first] as Token).start, end: (toks[last] as Token).end, tag });
  const tagAt = (first: number): RedactionTag => (birth(first) ? '[DATA_NASCIMENTO]' : '[DATA]');

  // Numbers with date punctuation: '03/04/1979', '1979-04-03', 'doze barra três barra oitenta'.
  for (const run of runs) {
    const numeric = NUMERIC_DATE.exec(run.raw);
    const iso = ISO_DATE.exec(run.raw);
    if (numeric && validDayMonth(Number(numeric[1]), Number(numeric[2])))
      spans.push({ start: run.start, end: run.end, tag: tagAt(run.first) });
    else if (iso && validDayMonth(Number(iso[3]), Number(iso[2])))
      spans.push({ start: run.start, end: run.end, tag: tagAt(run.first) });
    else if (
      run.spoken &&
      run.groups.length === 3 &&
      run.seps.every((s) => s === 'barra' || s === '/') &&
      validDayMonth(Number(run.groups[0]), Number(run.groups[1])) &&
      validYear(run.groups[2] as string)
    )
      spans.push({ start: run.start, end: run.end, tag: tagAt(run.first) });
  }

  for (let m = 0; m < toks.length; m++) {
    const t = toks[m] as Token;
    // '12 de março de 1980', 'doze de março', 'março de 1980'.
    const month = t.kind === 'word' ? MONTHS.get(t.folded) : undefined;
    // 'dia doze do três de oitenta': a month said as a number after 'do'.
    const numericMonth =
      t.kind !== 'punct' && toks[m - 1]?.folded === 'do' ? numberEndingAt(toks, m) : null;
    const monthValue = month ?? (numericMonth && numericMonth.first === m ? numericMonth.value : 0);
    if (!monthValue || monthValue > 12) continue;
    const linkBefore = month ? 'de' : 'do';
    const day = toks[m - 1]?.folded === linkBefore ? numberEndingAt(toks, m - 2) : null;
    const year = toks[m + 1]?.folded === 'de' ? yearAt(toks, m + 2) : null;
    if (day && validDayMonth(day.value, monthValue)) {
      const tag = tagAt(day.first);
      // A day and month alone is an identifier only as the birthday.
      if (year) push(day.first, year.last, tag);
      else if (tag === '[DATA_NASCIMENTO]' && month) push(day.first, m, tag);
      continue;
    }
    // 'nascido em março de 1980': month and year after a birth cue.
    if (month && year && birth(m)) push(m, year.last, '[DATA_NASCIMENTO]');
  }

  // 'nascido em 1980', 'nasc. 1972', 'DN: mil novecentos e oitenta'.
  for (let b = 0; b < toks.length; b++) {
    const t = toks[b] as Token;
    if (!(t.kind === 'word' && BIRTH_WORDS.has(t.folded))) continue;
    for (let k = b + 1; k <= b + 5 && k < toks.length; k++) {
      const u = toks[k] as Token;
      if (u.kind === 'punct' || ['em', 'no', 'ano', 'de', 'o', 'a', 'data'].includes(u.folded))
        continue;
      const phrase = u.kind === 'number' ? null : numberPhrase(toks, k);
      const value = u.kind === 'number' ? Number(u.text) : (phrase?.value ?? 0);
      const last = u.kind === 'number' ? k : (phrase?.last ?? k);
      const isYear = u.kind === 'number' ? /^(?:19|20)\d{2}$/.test(u.text) : value >= 1900;
      if (isYear && value <= 2099) push(k, last, '[DATA_NASCIMENTO]');
      break;
    }
  }
  return spans;
}
