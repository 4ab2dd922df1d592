/**
 * Medication doses in a dictated passage: a name followed by a dose ('dipirona 500 mg',
 * 'losartana cinquenta miligramas') or a dose followed by 'de' and a name ('2 g de ceftriaxona'),
 * extended over the clauses of its regimen. The patterns run on the numeric view of the folded
 * passage (spoken numbers as digits); the items' offsets slice the passage itself. Every
 * quantifier is bounded, so the scan is linear on any input.
 */

import { fold, parsePtNumber } from '@pv/pt-text';
import {
  CONDITION_WORDS,
  DANGLING,
  ENDS_REGIMEN,
  KEEP_VERBS,
  NOT_DRUG,
  NOT_NAME,
  REGIMEN_WORDS,
  STOP_BEFORE,
} from '../data/medication-words.js';
import { type NumericView, numericView, toSource, withDigits } from '../reading/numbers.js';
import { capitalizeFirst, collapseSpaces, NUMBER_SOURCE } from '../reading/text.js';

export interface MedicationMatch {
  /** Offsets in the passage of the whole item (name, dose and regimen). */
  start: number;
  end: number;
  /** The item as one normalised line, e.g. 'Dipirona 500 mg de 6 em 6 horas por 3 dias'. */
  line: string;
}

const UNIT =
  'mg\\/kg\\/dia|mg\\/kg\\/h|mcg\\/kg\\/min|mg\\/dia|mg\\/ml|mg\\/kg|mg|mcg|µg|ug|g|ml|ui|unidades|gotas|gts|comprimidos?|cps?|capsulas?|miligramas?|microgramas?|gramas?|mililitros?|ampolas?|sache|jatos|puffs?';
const DOSE = new RegExp(
  `(?<![\\d.,])(\\d{1,6}(?:[.,]\\d{1,4})?)\\s{0,3}(${UNIT})(?![a-z0-9])`,
  'g',
);
/** A word that is a conjugated verb ('ingeriu', 'tomou', 'bebendo') cannot be part of a name. */
const VERB_ENDING = /(?:ou|eu|iu|ndo)$/;
/** A salt or preparation whose name goes on with 'de' ('carbonato de lítio', 'cloreto de potássio'). */
const JOINS_WITH_DE = /(?:ato|eto|ito|ido|cao)$/;
/** A clause that continues a medication's regimen (route, frequency, duration, quantity...). */
const REGIMEN = new RegExp(
  `^(?:\\d|para\\s{1,3}(?:\\d|${NUMBER_SOURCE})|de\\s{0,3}\\d{1,6}\\s{0,3}(?:em|\\/)\\s{0,3}\\d{1,6}|\\d{1,6}\\s{0,3}\\/\\s{0,3}\\d{1,6}\\s{0,3}h|\\d{1,6}\\s{0,3}(?:x|vezes)\\b|` +
    `(?:${NUMBER_SOURCE})\\s{1,3}vez(?:es)?\\b|a cada|cada\\b|por\\s{1,3}(?:\\d|mais|semana|mes\\b|${NUMBER_SOURCE})|semanal|durante|ate\\b|` +
    'uso continuo|continuo|se\\b|em caso|caso\\b|sos\\b|s\\/n|ao dia|por dia|diariamente|' +
    'pela manha|de manha|pela tarde|a noite|a tarde|de noite|ao deitar|antes\\b|apos\\b|depois\\b|' +
    'em jejum|jejum|junto|com (?:as |a |o )?(?:refeic|alimento|almoco|jantar|cafe)|' +
    'via\\b|vo\\b|ev\\b|iv\\b|im\\b|sc\\b|sl\\b|oral|endovenos|intravenos|intramuscular|subcutane|' +
    'sublingual|topic|inalat|nebuliz|retal|vaginal|oftalm|nasal|' +
    `\\d{1,6}\\s{0,3}(?:${UNIT})(?![a-z0-9])|(?:um|uma|meio|meia|dois|duas|tres)\\s{1,3}(?:comprimidos?|capsulas?|ampolas?|gotas|jatos|colher|colheres|medidas?|saches?)\\b|` +
    'diluid|diluir|em\\s{1,3}\\d{1,6}\\s{0,3}ml|correr em|infundir|infusao|dose\\b|conforme|tomar|aplicar|' +
    'dissolver|mastigar|pingar|inalar|usar|horario|as \\d|\\d{1,6}\\s{0,3}h\\b|dias?\\b|semanas?\\b|' +
    'meses\\b|quantidade|total|caixas?\\b|frascos?\\b|tubos?\\b|\\d{1,6}\\s{0,3}\\(|\\()',
);
const CLAUSE_SEPARATOR = /,|;|\s{1,3}e\s{1,3}|\s{1,3}-\s{1,3}/g;
/** The passage lists medications in use, not prescribed now: leave them in place. */
export const CURRENT_USE =
  /\b(?:faz uso|fazia uso|fez uso|em uso|usa|usava|usou|usando|toma|tomava|tomou|tomando|ingeriu|uso previo|uso domiciliar|uso regular|uso cronico|suspend[a-z]{0,8}|suspens[a-z]{0,8}|retir[a-z]{0,8}|interromp[a-z]{0,8}|alergi[a-z]{0,8}|alergic[a-z]{0,8})\b/;

const DOSE_UNIT_WORD = new RegExp(`^(?:${UNIT})$`);
const isDoseUnit = (word: string) => DOSE_UNIT_WORD.test(word);

/** '2x/dia', '3x', '1x/semana'. */
const TIMES_A_DAY = /^\d{1,2}x(?:\/(?:dia|semana|sem))?$/;
const NUMBER_TOKEN = /^\d{1,6}(?:[.,/]\d{1,6}){0,3}[a-z]{0,6}$/;
const COMPOUND_UNIT = /^(?:mg|mcg|ml|g|ui|kg|min|h|dia)(?:\/(?:mg|mcg|ml|g|ui|kg|min|h|dia))+$/;

/** Length of the leading part of a clause made of regimen words (and a symptom after 'se'). */
function regimenPrefix(clause: string): number {
  let end = 0;
  let free = 0;
  let lastWord = '';
  const word = /\S+/g;
  for (let m = word.exec(clause); m; m = word.exec(clause)) {
    const token = m[0].replace(/[.()]/g, '');
    const known =
      REGIMEN_WORDS.has(token) ||
      TIMES_A_DAY.test(token) ||
      NUMBER_TOKEN.test(token) ||
      COMPOUND_UNIT.test(token) ||
      parsePtNumber(token) !== null;
    if (ENDS_REGIMEN.has(token)) break;
    if (CONDITION_WORDS.has(token)) {
      free = 2;
    } else if (!known) {
      if (free === 0) break;
      free--;
    }
    end = m.index + m[0].length;
    lastWord = token;
  }
  // Drop a dangling function word left at the end.
  if (end > 0 && DANGLING.has(lastWord)) {
    const kept = clause.slice(0, end).trimEnd();
    let k = kept.length;
    while (k > 0 && !/\s/.test(kept.charAt(k - 1))) k--;
    return kept.slice(0, k).trimEnd().length;
  }
  return end;
}

interface Anchor {
  /** Start of the item (the name, or a kept verb). */
  start: number;
  /** End of the dose (or of a name written after the dose). */
  doseEnd: number;
}

const WORD_BEFORE = /([a-z][a-z-]{0,39})\s{0,3}$/;

/** The start of the medication name before `doseStart`, or null if none. */
function nameStartBefore(folded: string, doseStart: number, floor: number): number | null {
  let pos = doseStart;
  let start: number | null = null;
  let words = 0;
  while (pos > floor && words < 4) {
    const before = folded.slice(Math.max(floor, pos - 40), pos);
    const match = WORD_BEFORE.exec(before);
    if (!match?.[1]) break;
    const word = match[1];
    const wordStart = pos - before.length + match.index;
    if (KEEP_VERBS.has(word)) {
      if (start === null) return null;
      return wordStart;
    }
    if (word === 'com' && start !== null && words < 3) {
      // 'amoxicilina com clavulanato': 'com' joins two names.
      const prev = WORD_BEFORE.exec(folded.slice(Math.max(floor, wordStart - 40), wordStart));
      const prevWord = prev?.[1];
      if (prevWord && !STOP_BEFORE.has(prevWord) && !NOT_NAME.has(prevWord)) {
        pos = wordStart;
        words++;
        continue;
      }
      break;
    }
    if (word === 'de' && start !== null && words < 3) {
      // 'carbonato de lítio': 'de' joins a salt to its element.
      const prev = WORD_BEFORE.exec(folded.slice(Math.max(floor, wordStart - 40), wordStart));
      const prevWord = prev?.[1];
      if (prevWord && JOINS_WITH_DE.test(prevWord) && !STOP_BEFORE.has(prevWord)) {
        pos = wordStart;
        words++;
        continue;
      }
      break;
    }
    if (STOP_BEFORE.has(word) || (word.length >= 5 && VERB_ENDING.test(word))) break;
    if (NOT_NAME.has(word)) return start;
    if (word.length < 3 && start === null) return null;
    // WORD_BEFORE allows only spaces between the words of a name: punctuation ends it.
    start = wordStart;
    pos = wordStart;
    words++;
  }
  return start;
}

const CLAUSE_LEAD =
  /(?:[,;:]|\be|prescrevo|prescrito|prescrita|iniciar|inicio|administrad[oa]s?|administrei|feit[oa]s?)\s{0,3}$/;

/** Whether a dose at `doseStart` starts a clause (nothing but a separator or a lead word before it). */
function atClauseLead(folded: string, floor: number, doseStart: number): boolean {
  const before = folded.slice(Math.max(floor, doseStart - 30), doseStart);
  if (doseStart - floor <= 30 && before.trim() === '') return true;
  return CLAUSE_LEAD.test(before);
}
const NAME_AFTER = /^\s{1,3}de\s{1,3}([a-z][a-z-]{2,40}(?:\s{1,3}[a-z][a-z-]{2,40})?)/;

function normaliseMedicationLine(text: string): string {
  const line = collapseSpaces(text)
    .replace(/(\d)\s{0,3}(?:miligramas?|mg)(?![a-zà-ú])/gi, '$1 mg')
    .replace(/(\d)\s{0,3}(?:microgramas?|mcg)(?![a-zà-ú])/gi, '$1 mcg')
    .replace(/(\d)\s{0,3}(?:mililitros?|ml)(?![a-zà-ú])/gi, '$1 ml')
    .replace(/(\d)\s{0,3}(?:gramas?|g)(?![a-zà-ú])/gi, '$1 g')
    .replace(/(\d)\s{0,3}ui(?![a-zà-ú])/gi, '$1 UI')
    .replace(/\b(?:aas|nph|sf|sg)\b/gi, (acronym) => acronym.toUpperCase())
    .replace(/[\s,;:.]{1,20}$/, '');
  return capitalizeFirst(line);
}

/**
 * Medication items in a passage: a name followed by a dose ('dipirona 500 mg') or a dose followed
 * by 'de' and a name ('2 g de ceftriaxona'), extended over the clauses of its regimen (route,
 * frequency, duration, quantity). Returns the items in order, with their offsets in the passage.
 */
export function findMedications(text: string, source: string): MedicationMatch[] {
  const view: NumericView = numericView(source);
  const folded = view.text;
  if (!/\d/.test(folded)) return [];
  const anchors: Anchor[] = [];
  let floor = 0;
  DOSE.lastIndex = 0;
  for (let m = DOSE.exec(folded); m; m = DOSE.exec(folded)) {
    const doseStart = m.index;
    const doseEnd = m.index + m[0].length;
    const nameStart = nameStartBefore(folded, doseStart, floor);
    if (nameStart !== null) {
      anchors.push({ start: nameStart, doseEnd });
      floor = doseEnd;
      continue;
    }
    const after = NAME_AFTER.exec(folded.slice(doseEnd, doseEnd + 60));
    const afterName = after?.[1];
    const firstWord = afterName?.split(' ')[0] ?? '';
    if (afterName && !NOT_NAME.has(firstWord) && !NOT_DRUG.has(firstWord)) {
      // Only a dose at the start of a clause starts an item ('..., 2 g de ceftriaxona').
      if (atClauseLead(folded, floor, doseStart)) {
        const end = doseEnd + (after?.[0].length ?? 0);
        anchors.push({ start: doseStart, doseEnd: end });
        floor = end;
        DOSE.lastIndex = end;
      }
    }
  }
  const items: MedicationMatch[] = [];
  for (let i = 0; i < anchors.length; i++) {
    const anchor = anchors[i] as Anchor;
    const limit = (anchors[i + 1] as Anchor | undefined)?.start ?? folded.length;
    let end = anchor.doseEnd;
    // Walk the clauses after the dose while they continue the regimen.
    const tail = folded.slice(anchor.doseEnd, limit);
    let clauseStart = 0;
    CLAUSE_SEPARATOR.lastIndex = 0;
    for (;;) {
      const sep = CLAUSE_SEPARATOR.exec(tail);
      const clauseEnd = sep ? sep.index : tail.length;
      const clause = tail.slice(clauseStart, clauseEnd);
      const trimmed = clause.trim();
      if (trimmed !== '') {
        if (!REGIMEN.test(trimmed.replace(/^[.\s]+/, ''))) break;
        const prefix = regimenPrefix(clause);
        if (prefix === 0) break;
        end = anchor.doseEnd + clauseStart + prefix;
        // The clause goes on with something else: the regimen ends here.
        if (prefix < clause.trimEnd().length) break;
      }
      if (!sep) break;
      clauseStart = sep.index + sep[0].length;
    }
    const range = toSource(view, anchor.start, end);
    const original = text.slice(range.start, range.end);
    items.push({
      ...range,
      // Doses said as words are written in digits ('cinquenta miligramas' -> '50 mg').
      line: normaliseMedicationLine(withDigits(original, fold(original), isDoseUnit)),
    });
  }
  return items;
}
