/**
 * The record's medications (clinical-record.ts): how a medication line is said (status cue,
 * name, dose, route, frequency, duration), and the doses changed and drugs stopped today.
 *
 * Every regular expression has bounded quantifiers (docs/offline-formatter.md, "Linear time").
 */
import type {
  MedicationAction,
  RecordMedicationOrder,
  RecordMedicationStatement,
} from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { capitalizeFirst, collapseSpaces } from '../reading/text.js';
import { digitView } from './record-text.js';

// ---- medications: in use or prescribed today ---------------------------------------------------

/**
 * What a medication said in a sentence is: taken already, ordered today, stopped today, or
 * neither (past use, an allergy). Stopped and past ones stay in their sentence.
 */
export type MedicationUse = 'inUse' | 'order' | 'stop' | 'past';

/**
 * Cue words of a medication's status, as the clinician says them before the drug in the same
 * sentence; the nearest one wins. Present use is a statement, past use is history (left alone),
 * an order verb is today's prescription.
 */
const USE_CUES =
  /\b(?:(em uso|faz uso|fazendo uso|usa|usando|toma|tomando|uso continuo|uso regular|uso cronico|uso domiciliar|medicac(?:ao|oes) em uso|medicamentos? em uso)|(mantem|mantenho|manter|mantida|mantido)|(fazia uso|fez uso|usava|usou|tomava|tomou|uso previo|ingeriu|alergi[a-z]{0,4}|alergic[a-z]{0,4})|(suspend[a-z]{0,4}|suspens[a-z]{0,4}|retir[a-z]{0,4}|interromp[a-z]{0,4}|descontinu[a-z]{0,4})|(prescrevo|prescrito|prescrita|inicio|iniciar|iniciado|iniciada|inicia|associo|associar|introduzo|introduzir|troco|trocar|substituo|substituir|aument[a-z]{0,4}|reduz[a-z]{0,4}|diminu[a-z]{0,4}|ajust[a-z]{0,4}|conduta|plano|receito|passo a|passa a))\b/g;

const SENTENCE_END = /[.!?\n]/;

/**
 * The status cue nearest before `at` in its sentence (folded text), or null. A verb the
 * medication finder kept at the start of the item ('mantém anlodipino 10 mg') counts: pass the
 * item's `line` and its verb is read first.
 */
export function medicationCue(folded: string, at: number, line?: string): MedicationUse | null {
  if (line) {
    const verb = LEADING_VERB.exec(fold(line));
    if (verb) return medicationCue(`${folded.slice(0, at)}${verb[0]}`, at + verb[0].length);
  }
  let from = at;
  const floor = Math.max(0, at - 400);
  while (from > floor && !SENTENCE_END.test(folded.charAt(from - 1))) from--;
  const before = folded.slice(from, at);
  let found: MedicationUse | null = null;
  USE_CUES.lastIndex = 0;
  for (let m = USE_CUES.exec(before); m; m = USE_CUES.exec(before)) {
    // 'manter' keeps what follows it in its clause only ('manter aleitamento, ferro 1 mg').
    if (m[2] && before.slice(m.index).includes(',')) {
      found = null;
      continue;
    }
    found = m[1] || m[2] ? 'inUse' : m[3] ? 'past' : m[4] ? 'stop' : 'order';
  }
  return found;
}

const ROUTE =
  /\b(via oral|via endovenosa|via intravenosa|via intramuscular|via subcutanea|via sublingual|via inalatoria|via topica|uso oral|uso topico|vo|ev|iv|im|sc|sl|sublingual|inalatori[oa]|topic[oa]|oral)\b/;
const FREQUENCY =
  /\b(de \d{1,2} em \d{1,2} horas?|\d{1,2} ?\/ ?\d{1,2} ?h|\d{1,2} vez(?:es)? (?:ao|por) dia|uma vez (?:ao|por) dia|duas vezes (?:ao|por) dia|tres vezes (?:ao|por) dia|\d{1,2} vez(?:es)? por semana|por semana|ao dia|por dia|a noite|pela manha|de manha|ao deitar|em jejum|antes do cafe|toda noite|se necessario|se dor|se febre|se crise|se falta de ar|quando tem falta de ar)\b/;
const DURATION = /\b(?:por|durante) (\d{1,3} (?:dias?|semanas?|meses|mes))\b/;
const DOSE =
  /(\d{1,6}(?:[.,]\d{1,4})?(?:\/\d{1,4})? ?(?:mg|mcg|g|ml|ui|unidades|gotas|jatos|puffs?|comprimidos?|capsulas?)(?:\/(?:ml|kg|dia|h))?)(?![a-z])/;
const DOSE_FOLDED = /(\d{1,6}(?:[.,]\d{1,4})?) ?(miligramas?|microgramas?|gramas?|mililitros?)\b/g;
const UNIT_OF: Readonly<Record<string, string>> = {
  miligrama: 'mg',
  miligramas: 'mg',
  micrograma: 'mcg',
  microgramas: 'mcg',
  grama: 'g',
  gramas: 'g',
  mililitro: 'ml',
  mililitros: 'ml',
};

/** A verb of use said before the drug ('Toma glibenclamida 5 mg'), not part of its name. */
const LEADING_VERB =
  /^(?:toma|usa|mantem|mantenho|manter|mantida|mantido|inicio|iniciar|prescrevo|associo|associar|introduzo|introduzir|faz uso de|em uso de)\s{1,3}(?:(?:com|de|o|a)\s{1,3})?/;

/** The line without a verb of use before the drug ('Toma X 5 mg' -> 'X 5 mg'). */
export function withoutLeadingVerb(line: string): string {
  const verb = LEADING_VERB.exec(fold(line));
  return verb ? capitalizeFirst(line.slice(verb[0].length)) : line;
}

/** Words that are not a drug's name, read as one when a regimen is split ('depois 50 mg'). */
const NOT_A_NAME = /^(?:depois|entao|mais|mililitros?|ml|gotas|doses?|e|ou|apos)$/;

/** Whether a medication line names a drug (not 'depois 50 mg', 'mililitros 5 ml'). */
export function namesADrug(line: string): boolean {
  const first = /^[a-z]{1,30}/.exec(fold(withoutLeadingVerb(line)).trim())?.[0] ?? '';
  return first.length >= 3 && !NOT_A_NAME.test(first);
}

/** A medication line as written ('Losartana 50 mg duas vezes ao dia') in its parts. */
export function medicationParts(line: string): Omit<RecordMedicationStatement, 'text'> {
  const written = line.replace(DOSE_FOLDED, (_m, n: string, unit: string) => {
    return `${n} ${UNIT_OF[unit] ?? unit}`;
  });
  const folded = fold(written);
  const dose = DOSE.exec(folded);
  const nameEnd = dose ? dose.index : folded.length;
  const name = collapseSpaces(written.slice(0, nameEnd))
    .replace(/[\s,;:.-]{1,10}$/, '')
    .replace(/\s(?:para|de)$/i, '');
  const at = (re: RegExp) => {
    const m = re.exec(folded);
    return m ? collapseSpaces(written.slice(m.index, m.index + m[0].length)) : null;
  };
  const duration = DURATION.exec(folded);
  return {
    name: name.toLowerCase() === name ? name : name.charAt(0).toLowerCase() + name.slice(1),
    dose: dose
      ? collapseSpaces(written.slice(dose.index, dose.index + (dose[1]?.length ?? 0)))
      : null,
    route: at(ROUTE),
    frequency: at(FREQUENCY),
    duration: duration?.[1]
      ? written.slice(
          duration.index + duration[0].length - duration[1].length,
          duration.index + duration[0].length,
        )
      : null,
  };
}

/** Doses in words of units written as symbols ('100 miligramas' -> '100 mg'). */
const withUnitSymbols = (line: string) =>
  line.replace(
    DOSE_UNIT_WORDS,
    (_m, n: string, unit: string) => `${n} ${UNIT_OF[fold(unit)] ?? unit}`,
  );
const DOSE_UNIT_WORDS =
  /(\d{1,6}(?:[.,]\d{1,4})?) ?(miligramas?|microgramas?|gramas?|mililitros?)(?![a-zà-ú])/gi;

export function statementOf(line: string): RecordMedicationStatement {
  const text = withUnitSymbols(withoutLeadingVerb(line));
  return { text, ...medicationParts(text) };
}

export function orderOf(action: MedicationAction, line: string): RecordMedicationOrder {
  const text = withUnitSymbols(withoutLeadingVerb(line));
  return { action, text, ...medicationParts(text) };
}

const NAME = '([a-z][a-z-]{2,30}(?: (?:com |de )?[a-z][a-z-]{2,30}){0,2})';
/** 'aumento a losartana para 100 mg ao dia': a dose changed today. */
const DOSE_CHANGE = new RegExp(
  `\\b(?:aument[a-z]{0,4}|reduz[a-z]{0,4}|diminu[a-z]{0,4}|ajust[a-z]{0,4}|alter[a-z]{0,4})(?: (?:a dose d[aoe]|a|o|os|as))? ${NAME} para (\\d{1,6}(?:[.,]\\d{1,4})? ?(?:mg|mcg|g|ml|ui|unidades|miligramas?|microgramas?|gramas?))([^.;,\\n]{0,60})`,
  'gd',
);
/** 'suspendo a hidroclorotiazida', 'troco glibenclamida por …': a drug stopped today. */
const STOP = new RegExp(
  `\\b(?:suspend[a-z]{0,4}|suspens[a-z]{0,4} d[aoe]|retir[a-z]{0,4}|interromp[a-z]{0,4}|descontinu[a-z]{0,4}|troc[a-z]{0,4}|substitu[a-z]{0,4})(?: (?:a|o|os|as|uso d[aoe]))? ${NAME}`,
  'gd',
);
const STOP_NAME_END = / (?:por|pela|pelo|e|ao|a|de)$/;

/**
 * Doses changed and drugs stopped today. A stopped drug must be one of the drugs named in the
 * dictation (`known`, folded names): 'suspendo a dieta' is not a medication.
 */
export function findChangesAndStops(
  text: string,
  known: readonly string[],
): RecordMedicationOrder[] {
  const view = digitView(text);
  const orders: RecordMedicationOrder[] = [];
  DOSE_CHANGE.lastIndex = 0;
  for (let m = DOSE_CHANGE.exec(view.folded); m; m = DOSE_CHANGE.exec(view.folded)) {
    const [nameAt, doseAt] = [m.indices?.[1], m.indices?.[2]];
    if (!nameAt || !doseAt) continue;
    const name = view.text.slice(nameAt[0], nameAt[1]);
    const regimen = view.text.slice(doseAt[0], m.index + m[0].length);
    const line = capitalizeFirst(
      collapseSpaces(`${name} ${regimen}`).replace(/[\s,;:]{1,10}$/, ''),
    );
    orders.push(orderOf('change', line));
  }
  STOP.lastIndex = 0;
  for (let m = STOP.exec(view.folded); m; m = STOP.exec(view.folded)) {
    let said = (m[1] ?? '').replace(STOP_NAME_END, '');
    const match = known.find(
      (k) => said === k || said.startsWith(`${k} `) || k.startsWith(`${said} `),
    );
    if (!match) continue;
    said = match;
    const at = m.indices?.[1]?.[0] ?? m.index;
    const name = view.text.slice(at, at + said.length);
    orders.push({
      action: 'stop',
      text: capitalizeFirst(name),
      name: name.toLowerCase(),
      dose: null,
      route: null,
      frequency: null,
      duration: null,
    });
  }
  return orders;
}
