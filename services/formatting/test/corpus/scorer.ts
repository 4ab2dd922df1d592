/**
 * Scores the offline formatter on the labelled corpus: for each fact, is it under the field it
 * belongs to (and under no other section), under another field, or nowhere at all (lost)?
 *
 * Texts are compared after a normalisation written here on purpose, independent of the
 * formatter's own code (only its table of number words is shared): accents and case folded, punctuation dropped, units written one way
 * ('miligramas' -> 'mg') and pt-BR number words read as digits ('cento e vinte' -> '120'), so a
 * note may write a dictated 'três meses' as '3 meses' and still keep the fact.
 */
import type { FormattedNote } from '@pv/contracts';
import { NUMBER_WORDS } from '@pv/pt-text';
// The table of number words only; the reading of numbers below is the scorer's own.
import type { Fact, LabelledDictation } from './types.js';

const UNITS: ReadonlyMap<string, string> = new Map([
  ['miligrama', 'mg'],
  ['miligramas', 'mg'],
  ['micrograma', 'mcg'],
  ['microgramas', 'mcg'],
  ['mililitro', 'ml'],
  ['mililitros', 'ml'],
  ['grama', 'g'],
  ['gramas', 'g'],
  ['quilo', 'kg'],
  ['quilos', 'kg'],
  ['centimetro', 'cm'],
  ['centimetros', 'cm'],
]);

const magnitude = (v: number) => (v >= 100 ? 3 : v >= 10 ? 2 : 1);

/** Number words to digits: 'mil e oitocentas' -> '1800', 'vinte e cinco' -> '25'. */
function numbersToDigits(words: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    const first = NUMBER_WORDS.get(words[i] as string);
    if (first === undefined && words[i] !== 'mil') {
      out.push(words[i] as string);
      i++;
      continue;
    }
    let thousands = 0;
    let current = first ?? 0;
    let last = first === undefined ? 4 : magnitude(first);
    if (words[i] === 'mil') {
      thousands = 1000;
      current = 0;
    }
    i++;
    for (;;) {
      if (words[i] === 'mil' && thousands === 0) {
        thousands = (current || 1) * 1000;
        current = 0;
        last = 4;
        i++;
        continue;
      }
      const next = words[i] === 'e' ? NUMBER_WORDS.get(words[i + 1] as string) : undefined;
      const direct = NUMBER_WORDS.get(words[i] as string);
      // 'cento e vinte', 'mil e oitocentas'; 'mil duzentos' (no 'e' after 'mil').
      if (next !== undefined && magnitude(next) < last && !(current % 10 !== 0 && next < 10)) {
        current += next;
        last = magnitude(next);
        i += 2;
        continue;
      }
      if (direct !== undefined && last === 4 && current === 0) {
        current = direct;
        last = magnitude(direct);
        i++;
        continue;
      }
      break;
    }
    out.push(String(thousands + current));
  }
  return out;
}

/** The comparison form of a text (see the file comment). */
export function normalise(text: string): string {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/º/g, 'o')
    .replace(/ª/g, 'a')
    .replace(/(\d)\.(?=\d{3}(?!\d))/g, '$1')
    .replace(/\bpor cento\b/g, ' ');
  const words = folded.split(/[^a-z0-9]+/).filter((w) => w !== '');
  return numbersToDigits(words.map((w) => UNITS.get(w) ?? w)).join(' ');
}

export type Verdict = 'right' | 'misplaced' | 'duplicated' | 'lost';

export interface FactResult {
  fact: Fact;
  verdict: Verdict;
  /** Where it was found, when not (only) in its field. */
  foundIn: string[];
}

export interface DictationScore {
  dictation: LabelledDictation;
  results: FactResult[];
}

const PATIENT_FIELDS = new Set(['name', 'age', 'gender']);
const contains = (haystack: string, needle: string) => ` ${haystack} `.includes(` ${needle} `);

/** Scores one formatted note against the dictation's facts. */
export function scoreNote(dictation: LabelledDictation, note: FormattedNote): DictationScore {
  const sections = new Map(note.sections.map((s) => [s.key, normalise(s.content)]));
  const patient = new Map<string, string>([
    ['name', normalise(note.patientData.name)],
    ['age', normalise(note.patientData.age)],
    ['gender', normalise(note.patientData.gender)],
  ]);
  const whole = normalise(note.text);
  const results = dictation.facts.map((fact): FactResult => {
    const [field, text] = fact;
    const wanted = normalise(text);
    if (PATIENT_FIELDS.has(field)) {
      const value = patient.get(field) ?? '';
      const ok = field === 'gender' ? value === wanted : contains(value, wanted);
      if (ok) return { fact, verdict: 'right', foundIn: [] };
      return { fact, verdict: contains(whole, wanted) ? 'misplaced' : 'lost', foundIn: [] };
    }
    if (!sections.has(field)) {
      throw new Error(`${dictation.id}: no section '${field}' in ${dictation.professional}`);
    }
    const foundIn = [...sections].filter(([, content]) => contains(content, wanted));
    const inField = foundIn.some(([key]) => key === field);
    const elsewhere = foundIn.filter(([key]) => key !== field).map(([key]) => key);
    if (inField && elsewhere.length === 0) return { fact, verdict: 'right', foundIn: [] };
    if (inField) return { fact, verdict: 'duplicated', foundIn: elsewhere };
    if (elsewhere.length > 0) return { fact, verdict: 'misplaced', foundIn: elsewhere };
    return { fact, verdict: contains(whole, wanted) ? 'misplaced' : 'lost', foundIn: [] };
  });
  return { dictation, results };
}

export interface Tally {
  facts: number;
  right: number;
  lost: number;
}

export const share = (t: Tally) => (t.facts === 0 ? 1 : t.right / t.facts);

/** Totals by professional and overall. */
export function tally(scores: readonly DictationScore[]): {
  byProfessional: Map<string, Tally>;
  total: Tally;
} {
  const byProfessional = new Map<string, Tally>();
  const total: Tally = { facts: 0, right: 0, lost: 0 };
  for (const score of scores) {
    const key = score.dictation.professional;
    const entry = byProfessional.get(key) ?? { facts: 0, right: 0, lost: 0 };
    for (const result of score.results) {
      for (const t of [entry, total]) {
        t.facts++;
        if (result.verdict === 'right') t.right++;
        if (result.verdict === 'lost') t.lost++;
      }
    }
    byProfessional.set(key, entry);
  }
  return { byProfessional, total };
}

const pct = (t: Tally) => `${(share(t) * 100).toFixed(1)}%`;

/** A Markdown table: one row per professional, then the total. */
export function renderTally(scores: readonly DictationScore[]): string {
  const { byProfessional, total } = tally(scores);
  const dictations = new Map<string, number>();
  for (const s of scores) {
    dictations.set(s.dictation.professional, (dictations.get(s.dictation.professional) ?? 0) + 1);
  }
  const rows = [
    '| specialty | dictations | facts | right field | lost |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const [key, t] of byProfessional) {
    rows.push(`| ${key} | ${dictations.get(key)} | ${t.facts} | ${pct(t)} | ${t.lost} |`);
  }
  rows.push(
    `| **total** | ${scores.length} | ${total.facts} | **${pct(total)}** | ${total.lost} |`,
  );
  return rows.join('\n');
}

/** Every fact not in its field, one line each (for the test's failure message). */
export function renderMisses(scores: readonly DictationScore[]): string {
  const lines: string[] = [];
  for (const score of scores) {
    for (const r of score.results) {
      if (r.verdict === 'right') continue;
      const where = r.foundIn.length > 0 ? ` (found in ${r.foundIn.join(', ')})` : '';
      lines.push(`${score.dictation.id} ${r.verdict}: [${r.fact[0]}] ${r.fact[1]}${where}`);
    }
  }
  return lines.join('\n');
}
