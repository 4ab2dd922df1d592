/**
 * Splits one patient's dictation into pieces, each assigned to a section of the note. Sentence by
 * sentence, word by word, the section changes at a cue (cues.ts):
 *
 * - a section label ('Queixa principal:', 'HD:', 'Conduta') at the start of a sentence, or after
 *   a comma, colon or dash when it is a phrase or a separator follows; in a sentence dictated
 *   without punctuation, a label phrase anywhere;
 * - a spoken cue ('veio porque', 'é hipertenso', 'ao exame', 'penso em', 'vou prescrever') at the
 *   start of a sentence or clause, and anywhere in a sentence dictated without punctuation;
 *   content cues ('ausculta', 'Episódio depressivo...') only at the start, and only forwards;
 * - the chief complaint from 'refere ...', 'veio porque ...', 'trazido pela mãe com ...', when no
 *   label gives it: it ends after its duration ('há três meses'), at a comma, or where a new
 *   statement starts, and the history goes on;
 * - a vital sign said before the exam starts the exam;
 * - the patient's name and age said mid-sentence are a piece of their own (the patient line).
 *
 * Text before any cue goes to the profile's default section. Linear: each word is looked up in
 * the cue trie once, in time bounded by the longest cue.
 */

import type { TrieMatch } from './cue-trie.js';
import type { CompiledProfile, CueInfo } from './cues.js';
import { isOneShot } from './cues.js';
import { readSpokenNumber } from './numbers.js';
import {
  COMPLAINT_INTROS,
  COMPLAINT_OPENERS_STRONG,
  COMPLAINT_OPENERS_WEAK,
  COMPLAINT_VERBS,
  NOT_COMPLAINT_AFTER,
  STATEMENT_WORDS,
} from './spoken-cues.js';
import { type Span, splitSentences } from './text.js';
import type { Token } from './tokens.js';

export interface Piece {
  section: string;
  start: number;
  end: number;
}

export interface SegmentContext {
  /** Where the patient's name (and age) was said. */
  identification: Span | null;
  /** Offsets where vital signs start. */
  vitalStarts: ReadonlySet<number>;
}

/** A sentence this long with this few commas was dictated without punctuation. */
const RUN_ON_WORDS = 30;
const RUN_ON_WORDS_PER_COMMA = 12;
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
/** Words before a spoken cue that belong with it ('história' + 'hipertensa'): dropped. */
const LABEL_LEAD_INS = new Set(['historia', 'antecedentes', 'antecedente']);

/** Index after a duration starting at token `k` ('há umas três semanas', 'desde ontem'), or -1. */
function durationEnd(text: string, tokens: readonly Token[], k: number): number {
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
function timeBefore(tokens: readonly Token[], k: number, floor: number): number {
  const unit = tokens[k - 1];
  if (!unit || !/^(?:horas?|h)$/.test(unit.text)) return k;
  for (let j = k - 2; j >= Math.max(floor, k - 6); j--) {
    const t = tokens[j] as Token;
    if (t.text === 'as' || t.text === 'a') return j;
    if (!/^\d{1,2}$/.test(t.text) && t.text !== 'e' && readSpokenNumber('', [t], 0) === null) break;
  }
  return k;
}

interface State {
  current: string;
  pieces: Piece[];
  contentStart: number;
  complaintOpen: boolean;
  complaintSpoken: boolean;
  complaintTokens: number;
  complaintDone: boolean;
  durationEndsAt: number;
  afterDuration: number;
  /** The current section was named by the clinician ('S:', 'HDA:'): its text is theirs to place. */
  labelled: boolean;
}

/** Splits a patient's text into pieces by section (see the file comment). */
export function segment(
  text: string,
  folded: string,
  tokens: readonly Token[],
  cp: CompiledProfile,
  context: SegmentContext,
): Piece[] {
  const { profile } = cp;
  const fallback = profile.routing.default;
  const index = (section: string) => cp.order.get(section) ?? 0;
  const complaintLabelled = hasComplaintLabel(text, tokens, cp);
  const state: State = {
    current: fallback,
    pieces: [],
    contentStart: 0,
    complaintOpen: false,
    complaintSpoken: false,
    complaintTokens: 0,
    complaintDone: complaintLabelled,
    durationEndsAt: -1,
    afterDuration: 0,
    labelled: false,
  };
  const cut = (at: number, section: string, contentStart: number) => {
    if (at > state.contentStart)
      state.pieces.push({ section: state.current, start: state.contentStart, end: at });
    if (section !== state.current) state.labelled = false;
    state.current = section;
    state.contentStart = Math.max(at, contentStart);
  };
  const openComplaint = (spoken: boolean) => {
    state.complaintOpen = true;
    state.complaintSpoken = spoken;
    state.complaintTokens = 0;
    state.durationEndsAt = -1;
    state.afterDuration = 0;
  };
  const closeComplaint = (at: number) => {
    state.complaintOpen = false;
    state.complaintDone = true;
    cut(at, cp.historySection, at);
  };

  const id = context.identification;
  // The note's title said first ('anotação de enfermagem ...') is not content.
  const titled = titleWordsAtStart(tokens, cp.titleParts);
  if (titled > 0) state.contentStart = (tokens[titled - 1] as Token).end;
  let tokenIndex = 0;
  let firstClause = true;
  for (const sentence of splitSentences(text, folded)) {
    while (tokenIndex < tokens.length && (tokens[tokenIndex] as Token).start < sentence.start)
      tokenIndex++;
    const first = tokenIndex;
    let last = first;
    while (last < tokens.length && (tokens[last] as Token).end <= sentence.end) last++;
    // Tokens of this sentence: [first, last).
    const count = last - first;
    let commas = 0;
    for (let i = sentence.start; i < sentence.end; i++) {
      const c = text.charCodeAt(i);
      if (c === 44 || c === 59) commas++;
    }
    const runOn = count >= RUN_ON_WORDS && commas * RUN_ON_WORDS_PER_COMMA < count;
    if (state.contentStart < sentence.start) state.contentStart = sentence.start;

    let k = Math.max(first, titled);
    while (k < last) {
      const t = tokens[k] as Token;
      if (k > 0 && t.clause) firstClause = false;
      const position: 'start' | 'clause' | 'mid' =
        k === first ? 'start' : t.clause ? 'clause' : 'mid';
      const mayCut = position !== 'mid' || runOn;
      const currentIndex = index(state.current);

      // The chief complaint ends after its duration, at a comma, or at a new statement.
      if (state.complaintOpen && state.current === cp.complaintSection) {
        if (k === state.durationEndsAt) {
          state.afterDuration = 1;
          // 'febre há dois dias e dor de garganta': a second complaint joined by 'e' stays.
          if (t.gap !== 'none' || t.text !== 'e') closeComplaint(t.start);
        } else if (state.afterDuration > 0) {
          state.afterDuration++;
          if (state.afterDuration > 6 || (t.gap !== 'none' && state.complaintSpoken))
            closeComplaint(t.start);
          else if (STATEMENT_WORDS.has(t.text)) closeComplaint(t.start);
        } else if (state.complaintTokens > 0 && state.complaintSpoken && t.gap === 'comma') {
          closeComplaint(t.start);
        } else if (state.complaintTokens > 1 && runOn && STATEMENT_WORDS.has(t.text)) {
          closeComplaint(t.start);
        }
        if (state.complaintOpen && state.durationEndsAt < 0) {
          const end = durationEnd(text, tokens, k);
          if (end > k) state.durationEndsAt = end;
        }
        if (state.complaintOpen) state.complaintTokens++;
      }

      // The patient's name said inside a sentence: a piece of its own.
      if (id && t.start === id.start && k > first) {
        const back = isOneShot(state.current) ? fallback : state.current;
        cut(t.start, state.current, t.start);
        let j = k;
        while (j < last && (tokens[j] as Token).end <= id.end) j++;
        const end = (tokens[j - 1] as Token).end;
        cut(end, back, end);
        if (state.complaintOpen) {
          state.complaintOpen = false;
        }
        k = j;
        continue;
      }

      // A vital sign before the exam starts the exam.
      if (
        context.vitalStarts.has(t.start) &&
        cp.examSection !== null &&
        mayCut &&
        currentIndex < cp.examIndex &&
        state.current !== cp.examSection
      ) {
        if (state.complaintOpen) state.complaintOpen = false;
        cut(t.start, cp.examSection, t.start);
        k++;
        continue;
      }

      // The chief complaint said without a label.
      if (
        !state.complaintDone &&
        !state.labelled &&
        cp.complaintSection !== null &&
        (mayCut || identifiesUpTo(tokens, first, k, id)) &&
        currentIndex <= index(cp.historySection)
      ) {
        const opened = complaintAt(tokens, k, last, first, id);
        const startAt = opened ? tokens[opened.contentToken] : undefined;
        if (opened && startAt) {
          if (opened.keepIntro) {
            // 'Trazido pela mãe' stays in the history; 'veio porque', 'refere' are dropped.
            cut(t.start, cp.historySection, t.start);
            cut((tokens[opened.openerToken] as Token).start, cp.complaintSection, startAt.start);
          } else {
            cut(t.start, cp.complaintSection, startAt.start);
          }
          openComplaint(true);
          state.complaintDone = true;
          k = opened.contentToken;
          firstClause = false;
          continue;
        }
      }
      const matches = cp.trie.matchAt(text, tokens, k);
      const chosen =
        matches.length === 0
          ? null
          : choose(matches, {
              position,
              runOn,
              currentIndex,
              index,
              cp,
              firstClause,
              current: state.current,
              leadWindow:
                position === 'mid' &&
                k - first <= 2 &&
                state.contentStart <= (tokens[first] as Token).start,
              complaintDone: state.complaintDone,
              colonAfter: (end) => /^[ \t]{0,2}:/.test(folded.slice(end, end + 3)),
              dashAfter: (end) =>
                /^[ \t]{1,2}[-\u2013\u2014][ \t]/.test(folded.slice(end, end + 4)),
            });
      if (chosen) {
        const { match, info } = chosen;
        if (info.title && firstClause) {
          // The note's own title said first ('evolução de enfermagem ...'): not a section.
          cut(t.start, state.current, match.end);
          k = match.next;
          continue;
        }
        const sep = separatorLength(folded, match.end, sentence.end);
        const dropLabel =
          info.kind === 'label' && info.label && (sep > 0 || (runOn && info.strong));
        // The same words may be both a section's cue and a spoken cue that is not content.
        const dropped =
          dropLabel ||
          info.drop ||
          matches.some(
            (m) => m.next === match.next && m.value.drop && m.value.section === info.section,
          );
        let cueStart = t.start;
        // A label word said before the cue ('história' + 'hipertensa') is left out.
        let leadIn = false;
        if (position === 'mid' && info.mode === 'lead' && !runOn) {
          // A content cue in the first words: the whole sentence is about it.
          cueStart = (tokens[first] as Token).start;
        } else if (position === 'mid') {
          const lead = tokens[k - 1];
          leadIn = lead !== undefined && LABEL_LEAD_INS.has(lead.text) && lead.gap === 'none';
          if (lead && leadIn) cueStart = lead.start;
          else cueStart = (tokens[timeBefore(tokens, k, first)] as Token).start;
        }
        const contentStart = dropped
          ? match.end + (dropLabel ? sep : 0)
          : leadIn
            ? t.start
            : cueStart;
        if (info.section !== state.current || dropped) {
          if (state.complaintOpen) {
            state.complaintOpen = false;
            state.complaintDone = true;
          }
          cut(cueStart, info.section, contentStart);
          state.labelled = info.kind === 'label';
          if (info.section === cp.complaintSection) {
            state.complaintDone = true;
            openComplaint(false);
          }
          k = match.next;
        } else {
          // Nothing changes: skip the longest phrase found here, not to read cues inside it.
          k = Math.max(match.next, (matches[0] as TrieMatch<CueInfo>).next);
        }
        firstClause = false;
        continue;
      }

      // A sentence that names a diagnosis after the exam ('Artrite reumatoide em atividade.').
      if (position === 'start' && cp.assessmentSection !== null) {
        const target = index(cp.assessmentSection);
        if (
          target > currentIndex &&
          currentIndex >= cp.examIndex &&
          looksLikeDiagnosis(text, tokens, k, last)
        ) {
          cut(t.start, cp.assessmentSection, t.start);
          k++;
          continue;
        }
      }

      k++;
    }
    // End of the sentence.
    if (state.contentStart < sentence.end) {
      state.pieces.push({ section: state.current, start: state.contentStart, end: sentence.end });
    }
    // 'Paciente X, 63 anos, DPOC.': a disease said with the name; the history goes on after it.
    const identifying = id !== null && id.start >= sentence.start && id.end <= sentence.end;
    if (identifying && !state.labelled && state.current === cp.roleSection('pastHistory')) {
      state.current = fallback;
    }
    state.contentStart = sentence.end;
    if (state.complaintOpen) {
      state.complaintOpen = false;
      state.complaintDone = true;
    }
    if (isOneShot(state.current)) state.current = fallback;
    firstClause = false;
    tokenIndex = last;
  }
  return state.pieces;
}

function separatorLength(folded: string, end: number, limit: number): number {
  const sep = LABEL_SEPARATOR.exec(folded.slice(end, Math.min(limit, end + 8)));
  return sep ? sep[0].length : 0;
}

interface ChooseContext {
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
function choose(
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
function hasComplaintLabel(text: string, tokens: readonly Token[], cp: CompiledProfile): boolean {
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
function complaintAt(
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
function identifiesUpTo(
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
function looksLikeDiagnosis(
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
function titleWordsAtStart(
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
