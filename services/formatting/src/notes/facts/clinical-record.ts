/**
 * The note as data, offline (issue 28 item 1): the record of what one patient's dictation states
 * — identifiers, measurements, problems, allergies, medications in use versus prescribed today,
 * requests and the return — read from the same text and the same section pieces as the note, so
 * text and data do not disagree. Nothing is inferred: a slot the dictation does not fill stays
 * empty. docs/fhir-export.md ("The record") explains the rules.
 *
 * Every regular expression has bounded quantifiers (docs/offline-formatter.md, "Linear time").
 */
import {
  type ClinicalRecord,
  emptyClinicalRecord,
  type MedicationAction,
  type RecordMedicationOrder,
  type RecordMedicationStatement,
  type RecordProblem,
  type RecordVital,
  VITAL_UNITS,
  type VitalKind,
} from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { withDigits } from '../reading/numbers.js';
import { capitalizeFirst, collapseSpaces } from '../reading/text.js';
import type { VitalMatch } from './vitals.js';

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

/** The text with its spoken numbers as digits and its folded copy (same length, same offsets). */
function digitView(text: string): { text: string; folded: string } {
  const digits = withDigits(text, fold(text));
  return { text: digits, folded: fold(digits) };
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

// ---- measurements ------------------------------------------------------------------------------

const KIND_OF_LABEL: Readonly<Record<string, VitalKind>> = {
  PA: 'bloodPressure',
  FC: 'heartRate',
  FR: 'respiratoryRate',
  Tax: 'temperature',
  SatO2: 'oxygenSaturation',
  'Glicemia capilar': 'capillaryGlucose',
  Peso: 'weight',
  Altura: 'height',
  IMC: 'bmi',
};

/**
 * The measurements said at the exam, as record entries (UCUM units). A fasting or plain glucose
 * is a lab result, not a vital sign; the IMC the note computes from weight and height is not
 * recorded (only an IMC said).
 */
export function vitalsOf(matches: readonly VitalMatch[]): RecordVital[] {
  const out: RecordVital[] = [];
  for (const match of matches) {
    if (out.length >= MAX_ENTRIES) break;
    const kind = KIND_OF_LABEL[match.label];
    if (!kind) continue;
    let diastolic: number | null = null;
    let value = match.numeric;
    if (kind === 'bloodPressure') {
      const pressure = /^(\d{2,3})x(\d{2,3})/.exec(match.value);
      if (!pressure) continue;
      value = Number(pressure[1]);
      diastolic = Number(pressure[2]);
    }
    const entry = { kind, value, diastolic, unit: VITAL_UNITS[kind] };
    if (!out.some((v) => v.kind === kind && v.value === value && v.diastolic === diastolic))
      out.push(entry);
  }
  return out;
}

// ---- problems ----------------------------------------------------------------------------------

/** A CID-10 code as dictated: 'J18', 'F33.1', 'CID F 32 ponto 1'. */
const CID = /\b(?:cid(?: ?-? ?10)?:? ?)?([a-tv-z]) ?(\d{2})(?:(?: ?\. ?| ponto )(\d{1,2}))?\b/g;
const CID_LABEL = /\bcid\b/;

/** Conditions said as an adjective of the patient ('é hipertenso', 'diabética'). */
const CONDITION_ADJECTIVES: readonly (readonly [RegExp, string])[] = [
  [/\bhipertens[oa]s?\b/, 'Hipertensão arterial'],
  [/\bdiabetic[oa]s?\b/, 'Diabetes mellitus'],
  [/\basmatic[oa]s?\b/, 'Asma'],
  [/\bdislipidemic[oa]s?\b/, 'Dislipidemia'],
  [/\btabagista\b/, 'Tabagismo'],
  [/\betilista\b/, 'Etilismo'],
  [/\bepileptic[oa]\b/, 'Epilepsia'],
  [/\bcardiopata\b/, 'Cardiopatia'],
  [/\bnefropata\b/, 'Nefropatia'],
];

/**
 * Chronic conditions said by name in the history ('insuficiência cardíaca', 'DRC estágio 3'):
 * the phrase from the name to the end of its clause, at most six words.
 */
const CONDITION_NAMES =
  /\b(hipertensao arterial|diabetes(?: mellitus)?(?: tipo \d)?|asma|dpoc|insuficiencia cardiaca|insuficiencia renal|doenca renal cronica|drc|hipotireoidismo|hipertireoidismo|artrite reumatoide|esquizofrenia|transtorno bipolar|demencia(?: de alzheimer)?|doenca de alzheimer|doenca de parkinson|epilepsia|hernia de disco|dislipidemia|obesidade|fibrilacao atrial|cirrose|hiv|avc|acidente vascular cerebral)\b/g;
const CLAUSE_STOP =
  /^(?:em|toma|usa|faz|refere|relata|ha|desde|com|sem|nega|vem|veio|retorno|trouxe|traz|e|que|para|pela|pelo|por|ao|no|na|afastad[oa]|acamad[oa]|quer|deseja|apos|paciente|alergic[oa]|alergia)$/;
const NEGATION_BEFORE = /\b(?:nega|nao e|nao tem|sem|descarta|afasta)(?: ser)? ?$/;

function negated(folded: string, at: number): boolean {
  return NEGATION_BEFORE.test(folded.slice(Math.max(0, at - 14), at));
}

function clausePhrase(text: string, folded: string, start: number, minEnd: number): string {
  let end = minEnd;
  const word = /[a-z0-9/+-]{1,30}/g;
  word.lastIndex = minEnd;
  let count = 0;
  for (let m = word.exec(folded); m && count < 6; m = word.exec(folded)) {
    const between = folded.slice(end, m.index);
    if (/[.,;:!?\n]/.test(between) || between.length > 3) break;
    if (CLAUSE_STOP.test(m[0])) break;
    end = m.index + m[0].length;
    count++;
  }
  return collapseSpaces(text.slice(start, end));
}

/** The CID-10 codes said in a text, with where each was said (folded, digit view). */
function cidCodes(folded: string): { code: string; start: number; end: number }[] {
  const out: { code: string; start: number; end: number }[] = [];
  CID.lastIndex = 0;
  for (let m = CID.exec(folded); m; m = CID.exec(folded)) {
    const labelled = CID_LABEL.test(m[0]);
    // A bare letter and digits is a code only when written together ('J18', 'F41.0').
    if (!labelled && /^[a-z] /.test(m[0])) continue;
    const code = `${(m[1] as string).toUpperCase()}${m[2]}${m[3] ? `.${m[3]}` : ''}`;
    out.push({ code, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const ITEM_SEPARATOR_G = /[;,\n]|\.(?!\d)/g;
/** The schema's bound on each list of the record (`maxItems`). */
const MAX_ENTRIES = 100;
const LEADING_CUE =
  /^(?:(?:hd|hipoteses? diagnosticas?|hipotese|diagnosticos?|avaliacao|impressao|penso em|problemas?)\s{0,3}[:-]?|a\s{0,3}[:-])\s{0,3}/;

/** An assessment said anywhere ('Avaliação: …', 'hipótese …', 'penso em …'), to its end. */
const ASSESSMENT_CUE =
  /\b(?:hipoteses? diagnosticas?|hipotese|hd|avaliacao|impressao diagnostica|impressao|penso em)\b\s{0,3}:?\s{0,3}/g;
const ASSESSMENT_STOP =
  /^(?:plano|conduta|vou|inicio|iniciar|prescrevo|peco|solicito|encaminho|retorno|oriento|suspendo|aumento|troco|mantem|cid)$/;

/** The phrases said after an assessment cue in the dictation (speech without sections). */
function assessmentPhrases(text: string): string[] {
  const view = digitView(text);
  const out: string[] = [];
  ASSESSMENT_CUE.lastIndex = 0;
  for (let m = ASSESSMENT_CUE.exec(view.folded); m; m = ASSESSMENT_CUE.exec(view.folded)) {
    const start = m.index + m[0].length;
    let end = start;
    const word = /[a-z0-9.]{1,30}/g;
    word.lastIndex = start;
    let count = 0;
    for (let w = word.exec(view.folded); w && count < 20; w = word.exec(view.folded)) {
      const between = view.folded.slice(end, w.index);
      if (/[.;!?\n]/.test(between) || between.length > 3) break;
      if (ASSESSMENT_STOP.test(w[0])) {
        // 'CID F33.1' stays with its diagnosis.
        if (w[0] !== 'cid') break;
      }
      end = w.index + w[0].length;
      count++;
    }
    const phrase = view.text.slice(start, end).replace(/\.$/, '');
    if (phrase.trim() !== '') out.push(phrase);
  }
  return out;
}

/**
 * Problems: the items of the assessment sections (split at commas, semicolons and periods; a
 * CID-10 code said after an item belongs to it), and the conditions said of the patient in the
 * history, by adjective or name, unless negated.
 */
export function findProblems(
  assessment: readonly string[],
  history: string,
  readsAssessmentCues = true,
): RecordProblem[] {
  const problems: RecordProblem[] = [];
  const add = (text: string, cid10: string | null) => {
    if (problems.length >= MAX_ENTRIES) return;
    const clean = text.replace(/^[\s\-–—:]{1,10}/, '').replace(/[\s,;:.\-–—]{1,10}$/, '');
    if (clean === '' || fold(clean) === 'nao informado') return;
    const key = fold(clean);
    const same = problems.find((p) => fold(p.text) === key || fold(p.text).includes(key));
    if (same) {
      if (!same.cid10 && cid10) same.cid10 = cid10;
      return;
    }
    problems.push({ text: capitalizeFirst(clean), cid10 });
  };
  const said = readsAssessmentCues ? assessmentPhrases(history) : [];
  for (const content of [...assessment, ...said]) {
    if (problems.length >= MAX_ENTRIES) break;
    const view = digitView(content);
    // Items between separators, read by index (no copies of the rest: linear).
    let from = 0;
    while (from < view.text.length && problems.length < MAX_ENTRIES) {
      ITEM_SEPARATOR_G.lastIndex = from;
      const sep = ITEM_SEPARATOR_G.exec(view.folded);
      const cut = sep ? sep.index : view.text.length;
      const item = view.text.slice(from, cut).trim();
      let itemFolded = fold(item);
      from = cut + 1;
      if (item === '') continue;
      const cue = LEADING_CUE.exec(itemFolded);
      let itemText = item;
      if (cue) {
        itemText = itemText.slice(cue[0].length);
        itemFolded = fold(itemText);
      }
      const code = cidCodes(itemFolded)[0];
      if (code) {
        const before = itemText.slice(0, code.start).trim();
        if (before === '') {
          // A code said alone belongs to the item before it.
          const last = problems[problems.length - 1];
          if (last && !last.cid10) last.cid10 = code.code;
          continue;
        }
        add(before, code.code);
        continue;
      }
      add(itemText, null);
    }
  }
  const view = digitView(history);
  for (const [pattern, name] of CONDITION_ADJECTIVES) {
    const m = pattern.exec(view.folded);
    if (m && !negated(view.folded, m.index)) {
      const key = fold(name).slice(0, 8);
      if (!problems.some((p) => fold(p.text).includes(key))) add(name, null);
    }
  }
  CONDITION_NAMES.lastIndex = 0;
  for (let m = CONDITION_NAMES.exec(view.folded); m; m = CONDITION_NAMES.exec(view.folded)) {
    if (negated(view.folded, m.index)) continue;
    const phrase = clausePhrase(view.text, view.folded, m.index, m.index + m[0].length);
    if (!problems.some((p) => fold(p.text).includes(fold(m?.[0] ?? '')))) add(phrase, null);
  }
  return problems;
}

// ---- allergies, requests, the return, identifiers --------------------------------------------

const ALLERGY =
  /\b(?:alergi[ac]s?|alergic[oa]s?)(?: medicamentosas?)?(?: ?:| a| à| ao| aos| as| de| com)? ?(?:a |ao |à |aos |as )?/g;
const ALLERGY_STOP =
  /^(?:pressao|pa|frequencia|fc|fr|temperatura|tax|saturacao|sat|spo2|glicemia|peso|altura|ao|exame|hipotese|conduta|plano|em|uso|toma|usa|refere|nega|com|sem|ha|desde|medicac[a-z]{0,4}|nao|e|ou)$/;

/** Substances the patient is allergic to ('alergia a penicilina', 'Alergias: amoxicilina'). */
export function findAllergies(text: string): string[] {
  const view = digitView(text);
  const out: string[] = [];
  ALLERGY.lastIndex = 0;
  for (let m = ALLERGY.exec(view.folded); m; m = ALLERGY.exec(view.folded)) {
    if (
      negated(view.folded, m.index) ||
      /\b(?:nega|sem|nao)\s{1,3}$/.test(view.folded.slice(Math.max(0, m.index - 6), m.index))
    )
      continue;
    let pos = m.index + m[0].length;
    const items: string[] = [];
    let current: string[] = [];
    const word = /[a-z0-9-]{1,30}/g;
    word.lastIndex = pos;
    for (let w = word.exec(view.folded); w && items.length < 6; w = word.exec(view.folded)) {
      const between = view.folded.slice(pos, w.index);
      if (/[.;:!?\n]/.test(between) || between.length > 3) break;
      if (w[0] === 'e' || between.includes(',')) {
        if (current.length > 0) items.push(current.join(' '));
        current = [];
        if (w[0] === 'e') {
          pos = w.index + 1;
          continue;
        }
      }
      if (ALLERGY_STOP.test(w[0]) || current.length >= 3) break;
      current.push(view.text.slice(w.index, w.index + w[0].length));
      pos = w.index + w[0].length;
    }
    if (current.length > 0) items.push(current.join(' '));
    if (out.length >= 50) break;
    for (const item of items) {
      const key = fold(item);
      if (['nenhuma', 'nenhum', 'nega'].includes(key)) continue;
      if (!out.some((o) => fold(o) === key)) out.push(item);
    }
  }
  return out;
}

const REQUEST =
  /\b(solicit[a-z]{0,4}|pec[oa]|pedir|pedido de|repetir|realizar|encaminh[a-z]{0,4})\b(?: (?:a|o|os|as|ao|aos|a|para|pra|à|com|de|exames? de|exames?)\b){0,3} ?/g;
const REQUEST_STOP =
  /^(?:retorno|retornar|conduta|plano|inicio|iniciar|prescrevo|suspendo|aumento|reduzir|oriento|orientacoes|encaminho|solicito|peco|apto|apta|inapto|inapta|nova|proxima|se|mantem|manter|reavaliacao|troco)$/;

/** Exams and referrals requested ('solicito hemograma e PCR', 'encaminho à pneumologia'). */
export function findRequests(text: string): { kind: 'exam' | 'referral'; text: string }[] {
  const view = digitView(text);
  const out: { kind: 'exam' | 'referral'; text: string }[] = [];
  REQUEST.lastIndex = 0;
  for (let m = REQUEST.exec(view.folded); m; m = REQUEST.exec(view.folded)) {
    const kind = (m[1] ?? '').startsWith('encaminh') ? 'referral' : 'exam';
    let pos = m.index + m[0].length;
    const items: string[] = [];
    let current: string[] = [];
    const word = /[a-z0-9/+-]{1,30}/g;
    word.lastIndex = pos;
    for (let w = word.exec(view.folded); w && items.length < 12; w = word.exec(view.folded)) {
      const between = view.folded.slice(pos, w.index);
      if (/[.;:!?\n]/.test(between.replace(/(\d)\.(\d)/, '$1$2')) || between.length > 3) break;
      if (between.includes(',') || w[0] === 'e') {
        if (current.length > 0) items.push(current.join(' '));
        current = [];
        if (w[0] === 'e') {
          pos = w.index + 1;
          continue;
        }
      }
      if (REQUEST_STOP.test(w[0]) || current.length >= 8) break;
      // 'repetir TSH em seis semanas': the time is when, not what.
      if (w[0] === 'em' && /^ \d/.test(view.folded.slice(w.index + 2, w.index + 4))) break;
      if (kind === 'referral' && w[0] === 'com' && current.length > 0) break;
      current.push(view.text.slice(w.index, w.index + w[0].length));
      pos = w.index + w[0].length;
    }
    if (current.length > 0) items.push(current.join(' '));
    if (out.length >= MAX_ENTRIES) break;
    for (const item of items) {
      if (fold(item) === 'exames' || fold(item) === 'exame') continue;
      if (!out.some((o) => o.kind === kind && fold(o.text) === fold(item)))
        out.push({ kind, text: item });
    }
  }
  return out;
}

const RETURN =
  /\b(?:retorno|retornar|reavaliacao|proxima visita|nova visita|proxima consulta)(?: (?:agendado|previsto|marcado))?(?: ?:)? (em|com|se|apos|dentro de|daqui a)\b/g;

/** When the patient comes back, as said ('em 30 dias', 'com exames', 'se piora'). */
export function findReturn(text: string): string | null {
  const view = digitView(text);
  RETURN.lastIndex = 0;
  const m = RETURN.exec(view.folded);
  if (!m) return null;
  const start = m.index + m[0].length - (m[1]?.length ?? 0);
  let end = start + (m[1]?.length ?? 0);
  const word = /[a-z0-9]{1,30}/g;
  word.lastIndex = end;
  let count = 0;
  for (let w = word.exec(view.folded); w && count < 7; w = word.exec(view.folded)) {
    const between = view.folded.slice(end, w.index);
    if (/[.;,!?\n]/.test(between) || between.length > 3) break;
    if (count > 0 && /^(?:retorno|conduta|plano|oriento|encaminho|solicito)$/.test(w[0])) break;
    end = w.index + w[0].length;
    count++;
  }
  return collapseSpaces(view.text.slice(start, end));
}

const CPF = /\bcpf(?: ?:| n(?:o|umero)?\.?| e)? ?(\d{3}\.? ?\d{3}\.? ?\d{3} ?-? ?\d{2})\b/;
const CNS =
  /\b(?:cns|cartao sus|cartao nacional de saude|cartao do sus)(?: ?:| n(?:o|umero)?\.?)? ?(\d{3} ?\d{4} ?\d{4} ?\d{4})\b/;
const BIRTH =
  /\b(?:nascid[oa] em|data de nascimento:?|dn:?|nasc\.?:?) ?(\d{1,2})\/(\d{1,2})\/(\d{4})\b/;

/** CPF, CNS and birth date, only as dictated (digits). */
export function findIdentifiers(text: string): {
  cpf: string | null;
  cns: string | null;
  birthDate: string | null;
} {
  const folded = fold(text);
  const cpf = CPF.exec(folded)?.[1]?.replace(/\D/g, '') ?? null;
  const cns = CNS.exec(folded)?.[1]?.replace(/\D/g, '') ?? null;
  const birth = BIRTH.exec(folded);
  let birthDate: string | null = null;
  if (birth) {
    const [d, mo, y] = [Number(birth[1]), Number(birth[2]), Number(birth[3])];
    if (d >= 1 && d <= 31 && mo >= 1 && mo <= 12 && y >= 1900 && y <= 2100)
      birthDate = `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  return {
    cpf: cpf && cpf.length === 11 ? cpf : null,
    cns: cns && cns.length === 15 ? cns : null,
    birthDate,
  };
}

// ---- the record --------------------------------------------------------------------------------

export interface RecordParts {
  /** The patient's whole dictation (prepared). */
  text: string;
  patientData: { name: string | null; age: string | null; gender: string | null };
  vitals: readonly VitalMatch[];
  medicationsInUse: readonly string[];
  medicationOrders: readonly string[];
  /** Medications said with a dose and stopped today ('suspendo metformina 850 mg'). */
  medicationStops: readonly string[];
  /** The contents of the note's assessment sections. */
  assessment: readonly string[];
  /** Whether the note's assessment is a medical one (problems from assessment cues). */
  readsDiagnoses: boolean;
}

const sameDrug = (
  a: { name: string; dose: string | null },
  b: { name: string; dose: string | null },
) => fold(a.name) === fold(b.name) && (a.dose ?? '') === (b.dose ?? '');

/** The record of one patient's dictation (see the file comment). */
export function buildRecord(parts: RecordParts): ClinicalRecord {
  const record = emptyClinicalRecord();
  const ids = findIdentifiers(parts.text);
  const gender = parts.patientData.gender;
  record.patient = {
    name: parts.patientData.name,
    age: parts.patientData.age,
    birthDate: ids.birthDate,
    sex: gender === 'Masculino' ? 'male' : gender === 'Feminino' ? 'female' : null,
    cpf: ids.cpf,
    cns: ids.cns,
  };
  record.vitals = vitalsOf(parts.vitals);
  for (const line of parts.medicationsInUse.filter(namesADrug)) {
    if (record.medicationsInUse.length >= MAX_ENTRIES) break;
    const entry = statementOf(line);
    if (!record.medicationsInUse.some((m) => sameDrug(m, entry)))
      record.medicationsInUse.push(entry);
  }
  for (const line of parts.medicationOrders.filter(namesADrug)) {
    if (record.medicationOrders.length >= MAX_ENTRIES) break;
    const entry = orderOf('start', line);
    if (!record.medicationOrders.some((m) => sameDrug(m, entry)))
      record.medicationOrders.push(entry);
  }
  for (const line of parts.medicationStops.filter(namesADrug)) {
    if (record.medicationOrders.length >= MAX_ENTRIES) break;
    const entry = orderOf('stop', line);
    if (!record.medicationOrders.some((m) => m.action === 'stop' && sameDrug(m, entry)))
      record.medicationOrders.push(entry);
  }
  const known = [...record.medicationsInUse, ...record.medicationOrders].map((m) => fold(m.name));
  for (const order of findChangesAndStops(parts.text, known)) {
    if (record.medicationOrders.length >= MAX_ENTRIES) break;
    const said = (m: RecordMedicationOrder) =>
      m.action === order.action &&
      (order.action === 'stop' ? fold(m.name) === fold(order.name) : sameDrug(m, order));
    if (!record.medicationOrders.some(said)) record.medicationOrders.push(order);
  }
  // 'troco X por Y 10 mg': Y is started, X stopped; a changed dose is not also a new drug.
  record.medicationOrders = record.medicationOrders.filter(
    (o) =>
      o.action !== 'start' ||
      !record.medicationOrders.some((c) => c.action === 'change' && sameDrug(c, o)),
  );
  record.problems = findProblems(
    parts.readsDiagnoses ? parts.assessment : [],
    parts.text,
    parts.readsDiagnoses,
  );
  record.allergies = findAllergies(parts.text).map((substance) => ({ substance }));
  record.requests = findRequests(parts.text);
  record.returnVisit = findReturn(parts.text);
  return withinBounds(record);
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const cutOrNull = (text: string | null, max: number) => (text === null ? null : cut(text, max));

/** The record within its schema's bounds (lists and texts): a long run-on must not fail it. */
function withinBounds(record: ClinicalRecord): ClinicalRecord {
  const med = <T extends RecordMedicationStatement>(m: T): T => ({
    ...m,
    text: cut(m.text, 400),
    name: cut(m.name, 200),
    dose: cutOrNull(m.dose, 60),
    route: cutOrNull(m.route, 60),
    frequency: cutOrNull(m.frequency, 120),
    duration: cutOrNull(m.duration, 80),
  });
  return {
    patient: {
      ...record.patient,
      name: cutOrNull(record.patient.name, 200),
      age: cutOrNull(record.patient.age, 40),
    },
    vitals: record.vitals.slice(0, MAX_ENTRIES),
    problems: record.problems
      .slice(0, MAX_ENTRIES)
      .map((p) => ({ text: cut(p.text, 300), cid10: cutOrNull(p.cid10, 8) })),
    allergies: record.allergies.slice(0, 50).map((a) => ({ substance: cut(a.substance, 200) })),
    medicationsInUse: record.medicationsInUse.slice(0, MAX_ENTRIES).map(med),
    medicationOrders: record.medicationOrders.slice(0, MAX_ENTRIES).map(med),
    requests: record.requests
      .slice(0, MAX_ENTRIES)
      .map((r) => ({ kind: r.kind, text: cut(r.text, 300) })),
    returnVisit: cutOrNull(record.returnVisit, 200),
  };
}
