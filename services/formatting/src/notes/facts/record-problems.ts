/**
 * The record's problems (clinical-record.ts): the items of the assessment with their CID-10
 * codes, and the chronic conditions said of the patient in the history.
 *
 * Every regular expression has bounded quantifiers (docs/offline-formatter.md, "Linear time").
 */
import type { RecordProblem } from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { capitalizeFirst, collapseSpaces } from '../reading/text.js';
import { digitView, MAX_ENTRIES, negated } from './record-text.js';

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
