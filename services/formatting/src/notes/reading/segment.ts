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

import { STATEMENT_WORDS } from '../data/spoken-cues.js';
import type { TrieMatch } from './cue-trie.js';
import type { CompiledProfile, CueInfo } from './cues.js';
import { isOneShot } from './cues.js';
import {
  choose,
  complaintAt,
  durationEnd,
  hasComplaintLabel,
  identifiesUpTo,
  looksLikeDiagnosis,
  separatorLength,
  timeBefore,
  titleWordsAtStart,
} from './segment-rules.js';
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
/** Words before a spoken cue that belong with it ('história' + 'hipertensa'): dropped. */
const LABEL_LEAD_INS = new Set(['historia', 'antecedentes', 'antecedente']);

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
