/**
 * The rules segment.ts applies word by word: when a cue fires, where a chief complaint said
 * without a label starts and ends, what a duration, a time, a diagnosis or the note's title
 * looks like. Each reads a bounded number of words around a position.
 */

import {
  COMPLAINT_INTROS,
  COMPLAINT_OPENERS_STRONG,
  COMPLAINT_OPENERS_WEAK,
  COMPLAINT_VERBS,
  NOT_COMPLAINT_AFTER,
} from '../data/spoken-cues.js';
import type { TrieMatch } from './cue-trie.js';
import type { CompiledProfile, CueInfo } from './cues.js';
import { readSpokenNumber } from './numbers.js';
import type { Span } from './text.js';
import type { Token } from './tokens.js';

const LABEL_SEPARATOR = /^[ \t]{0,3}[:\u2013\u2014,-][ \t]{0,3}/;
const DURATION_UNITS = new Set([
  'minuto',
  'minutos',
  'hora',
  'horas',
  'dia',
  'dias',
  'semana',
  'semanas',
  'mes',
  'meses',
  'ano',
  'anos',
]);
const DURATION_QUALIFIERS = new Set([
  'umas',
  'uns',
  'cerca',
  'de',
  'mais',
  'quase',
  'aproximadamente',
  'pelo',
  'menos',
]);
const DURATION_VAGUE = new Set([
  'alguns',
  'algumas',
  'poucos',
  'poucas',
  'varios',
  'varias',
  'muitos',
  'muitas',
]);
const SINCE_WORDS = new Set([
  'ontem',
  'anteontem',
  'hoje',
  'cedo',
  'madrugada',
  'manha',
  'noite',
  'tarde',
]);
/** Index after a duration starting at token `k` ('há umas três semanas', 'desde ontem'), or -1. */
export function durationEnd(text: string, tokens: readonly Token[], k: number): number {
  const first = tokens[k];
  if (!first) return -1;
  if (first.text === 'desde') {
    let j = k + 1;
    if (tokens[j]?.text === 'a' || tokens[j]?.text === 'o') j++;
    return tokens[j] && SINCE_WORDS.has((tokens[j] as Token).text) ? j + 1 : -1;
  }
  if (first.text !== 'ha' && first.text !== 'faz') return -1;
  let j = k + 1;
  for (
    let guard = 0;
    guard < 3 && tokens[j] && DURATION_QUALIFIERS.has((tokens[j] as Token).text);
    guard++
  )
    j++;
  const t = tokens[j];
  if (!t) return -1;
  if (/^\d{1,3}$/.test(t.text) || DURATION_VAGUE.has(t.text)) j++;
  else {
    const read = readSpokenNumber(text, tokens, j);
    if (!read) return -1;
    j = read.next;
  }
  return tokens[j] && DURATION_UNITS.has((tokens[j] as Token).text) ? j + 1 : -1;
}

/** Index of the first token of a time said before a statement ('às quatorze horas'), else k. */
export function timeBefore(tokens: readonly Token[], k: number, floor: number): number {
  const unit = tokens[k - 1];
  if (!unit || !/^(?:horas?|h)$/.test(unit.text)) return k;
  for (let j = k - 2; j >= Math.max(floor, k - 6); j--) {
    const t = tokens[j] as Token;
    if (t.text === 'as' || t.text === 'a') return j;
    if (!/^\d{1,2}$/.test(t.text) && t.text !== 'e' && readSpokenNumber('', [t], 0) === null) break;
  }
  return k;
}

export function separatorLength(folded: string, end: number, limit: number): number {
  const sep = LABEL_SEPARATOR.exec(folded.slice(end, Math.min(limit, end + 8)));
  return sep ? sep[0].length : 0;
}

export interface ChooseContext {
  position: 'start' | 'clause' | 'mid';
  runOn: boolean;
  currentIndex: number;
  index: (section: string) => number;
  cp: CompiledProfile;
  firstClause: boolean;
  current: string;
  /** Within the first words of a sentence nothing has cut yet: a 'lead' cue takes it all. */
  leadWindow: boolean;
  complaintDone: boolean;
  colonAfter: (end: number) => boolean;
  dashAfter: (end: number) => boolean;
}

/** The cue that fires at this token, if any (the longest that the rules allow). */
export function choose(
  matches: readonly TrieMatch<CueInfo>[],
  c: ChooseContext,
): { match: TrieMatch<CueInfo>; info: CueInfo } | null {
  for (const match of matches) {
    const info = match.value;
    const target = c.index(info.section);
    if (info.when === 'notFirst' && c.firstClause) continue;
    if (info.kind === 'label') {
      if (info.title && c.firstClause) return { match, info };
      const labelled = c.colonAfter(match.end) || c.dashAfter(match.end);
      const fires =
        c.position === 'start' ||
        (c.position === 'clause' && (info.phrase || labelled)) ||
        (c.position === 'mid' &&
          ((c.runOn && info.strong) || (info.label && c.colonAfter(match.end))));
      if (fires) return { match, info };
      continue;
    }
    if (info.mode === 'lead') {
      if (c.position === 'mid' && !(info.runOn && c.runOn) && !c.leadWindow) continue;
      // Forwards only; the exam may come back after the results ('Exames: ... Abdome flácido'),
      // and a complaint not said yet may come first.
      const backToExam = info.section === c.cp.examSection && c.current === c.cp.resultsSection;
      const complaint = info.section === c.cp.complaintSection && !c.complaintDone;
      // Within the description (before the conclusions), its parts may come in any order.
      const describing =
        info.role !== 'history' &&
        target < c.cp.conclusionIndex &&
        c.currentIndex < c.cp.conclusionIndex;
      if (target < c.currentIndex && !backToExam && !complaint && !describing) continue;
    }
    if (info.mode === 'clause' && c.position === 'mid' && !c.runOn) continue;
    if (info.when === 'anamnesis' && c.currentIndex >= c.cp.examIndex) continue;
    if (
      info.when === 'upToExam' &&
      c.currentIndex > c.cp.examIndex &&
      c.current !== c.cp.resultsSection
    )
      continue;
    if (info.when === 'beforeConclusion' && c.currentIndex >= c.cp.conclusionIndex) continue;
    if (info.when === 'afterExam' && c.currentIndex < c.cp.examIndex) continue;
    return { match, info };
  }
  return null;
}

/** Whether the dictation labels its chief complaint ('Queixa principal:', 'QP:'). */
export function hasComplaintLabel(
  text: string,
  tokens: readonly Token[],
  cp: CompiledProfile,
): boolean {
  if (cp.complaintSection === null) return false;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.gap !== 'stop' && !t.clause && k > 0) continue;
    for (const m of cp.trie.matchAt(text, tokens, k)) {
      const info = m.value;
      if (info.kind !== 'label' || info.section !== cp.complaintSection) continue;
      if (t.gap === 'stop' || /^\s{0,2}[:-]/.test(text.slice(m.end, m.end + 3))) return true;
    }
  }
  return false;
}

interface ComplaintOpening {
  /** An intro verb was said ('veio', 'trazido pela mãe'). */
  intro: boolean;
  /** The intro says more than the verb ('trazido pela mãe'): keep it in the history. */
  keepIntro: boolean;
  openerToken: number;
  contentToken: number;
}

/** 'veio porque ...', 'trazido pela mãe com ...', 'refere insônia ...' at token k. */
export function complaintAt(
  tokens: readonly Token[],
  k: number,
  last: number,
  first: number,
  id: Span | null,
): ComplaintOpening | null {
  const t = tokens[k] as Token;
  if (COMPLAINT_INTROS.has(t.text)) {
    let weak = -1;
    for (let j = k + 1; j < Math.min(last, k + 8); j++) {
      const w = tokens[j] as Token;
      if (w.gap === 'stop') break;
      if (COMPLAINT_OPENERS_STRONG.has(w.text)) {
        return { intro: true, keepIntro: j > k + 1, openerToken: j, contentToken: j + 1 };
      }
      if (weak < 0 && COMPLAINT_OPENERS_WEAK.has(w.text)) weak = j;
    }
    if (weak > 0)
      return { intro: true, keepIntro: weak > k + 1, openerToken: weak, contentToken: weak + 1 };
    return null;
  }
  if (!COMPLAINT_VERBS.has(t.text)) return null;
  // 'queixa principal' is the label, 'queixa-se de' the verb.
  if (t.text === 'queixa' && tokens[k + 1]?.text !== 'se' && tokens[k + 1]?.text !== 'de')
    return null;
  let content = k + 1;
  // 'queixa-se de', 'queixa de'.
  if (tokens[content]?.text === 'se') content++;
  if (tokens[content]?.text === 'de') content++;
  const next = tokens[content];
  if (!next || next.gap === 'stop' || NOT_COMPLAINT_AFTER.has(next.text)) return null;
  // Something before the verb in this sentence must be the identification, or nothing.
  if (k > first && !identifiesUpTo(tokens, first, k, id)) return null;
  return { intro: false, keepIntro: false, openerToken: k, contentToken: content };
}

/**
 * The sentence so far only says who the patient is ('Paciente de 40 anos', 'Dona Lúcia, 71
 * anos,', 'pedro henrique seis anos'): what follows may be the complaint.
 */
export function identifiesUpTo(
  tokens: readonly Token[],
  first: number,
  k: number,
  id: Span | null,
): boolean {
  if (k === first) return true;
  const t = tokens[k] as Token;
  const sentenceStart = (tokens[first] as Token).start;
  if (id !== null && id.start >= sentenceStart && id.end <= t.start) {
    // At most a word or two after the name and age ('..., motoboy, refere').
    let after = 0;
    for (let j = k - 1; j >= first && after <= 2 && (tokens[j] as Token).start >= id.end; j--)
      after++;
    if (after <= 2) return true;
  }
  return k - first <= 8 && startsWithPerson(tokens, first, k);
}

const PERSON_START = new Set([
  'paciente',
  'homem',
  'mulher',
  'menino',
  'menina',
  'crianca',
  'idoso',
  'idosa',
  'dona',
  'seu',
  'sr',
  'sra',
  'senhor',
  'senhora',
  'mae',
  'pai',
  'adolescente',
]);

/** The sentence begins by describing the person ('Homem de 34 anos, motoboy, refere ...'). */
function startsWithPerson(tokens: readonly Token[], first: number, k: number): boolean {
  for (let j = first; j < Math.min(k, first + 4); j++) {
    const w = tokens[j] as Token;
    if (PERSON_START.has(w.text)) return true;
    if ((w.text === 'anos' || w.text === 'meses') && j > first) return true;
  }
  return false;
}

/** Endings of disease names ('amigdalite', 'lombalgia', 'nefropatia', 'artrose'). */
const DIAGNOSIS_ENDING = /(?:ites?|oses?|algias?|patias?|emias?|omas?)$/;
/** An ICD-10 code ('F32.1', 'J18'). */
const ICD_CODE = /(?<!vitamina )\b[A-TV-Z]\d{2}(?:\.\d{1,2})?\b/;
/** Words that end like a disease but are findings or everyday words. */
const NOT_DIAGNOSIS = new Set([
  'dose',
  'doses',
  'glicose',
  'hipoglicemia',
  'edema',
  'sintomas',
  'soma',
  'cromossomas',
]);

/** A short statement that names a diagnosis: a disease word first, or an ICD-10 code in it. */
export function looksLikeDiagnosis(
  text: string,
  tokens: readonly Token[],
  k: number,
  last: number,
): boolean {
  const first = tokens[k] as Token;
  if (DIAGNOSIS_ENDING.test(first.text) && !NOT_DIAGNOSIS.has(first.text)) return true;
  if (last - k > 16) return false;
  const sentence = text.slice(first.start, (tokens[last - 1] as Token).end);
  return ICD_CODE.test(sentence);
}

/** Number of tokens at the start of the text that say the note's title (at least two), or 0. */
export function titleWordsAtStart(
  tokens: readonly Token[],
  parts: readonly (readonly string[])[],
): number {
  let best = 0;
  for (const words of parts) {
    if (words.length < 2 || words.length > tokens.length) continue;
    if (
      words.every(
        (w, i) => tokens[i]?.text === w && (i === 0 || (tokens[i] as Token).gap === 'none'),
      )
    ) {
      best = Math.max(best, words.length);
    }
  }
  return best;
}
