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

/** The sentence being read: its span, its tokens [first, last) and whether it runs on. */
interface SentenceScope {
  sentence: Span;
  first: number;
  last: number;
  /** Dictated without punctuation: cues may cut anywhere in it. */
  runOn: boolean;
}

/** Where a token sits in its sentence, and what the cue steps may do there. */
interface TokenScope {
  k: number;
  token: Token;
  position: 'start' | 'clause' | 'mid';
  mayCut: boolean;
  currentIndex: number;
}

/** Splits a patient's text into pieces by section (see the file comment). */
export function segment(
  text: string,
  folded: string,
  tokens: readonly Token[],
  cp: CompiledProfile,
  context: SegmentContext,
): Piece[] {
  return new Segmenter(text, folded, tokens, cp, context).run();
}

/**
 * The reading of one patient's text, as named steps over an explicit state. Each token goes
 * through the steps in order (the chief complaint's end, the patient's name, a vital sign, an
 * unlabelled complaint, a cue, a diagnosis sentence); a step that takes the token says where
 * reading goes on.
 */
class Segmenter {
  private readonly fallback: string;
  private readonly id: Span | null;
  /** Tokens of the note's title said first ('anotação de enfermagem ...'): not content. */
  private readonly titled: number;

  // The section being written and where its content starts.
  private current: string;
  private readonly pieces: Piece[] = [];
  private contentStart = 0;
  /** The current section was named by the clinician ('S:', 'HDA:'): its text is theirs to place. */
  private labelled = false;

  // The chief complaint said without a label: open while its words are read.
  private complaintOpen = false;
  private complaintSpoken = false;
  private complaintTokens = 0;
  private complaintDone: boolean;
  private durationEndsAt = -1;
  private afterDuration = 0;

  /** No clause has ended yet: the note's title may still be said. */
  private firstClause = true;

  constructor(
    private readonly text: string,
    private readonly folded: string,
    private readonly tokens: readonly Token[],
    private readonly cp: CompiledProfile,
    private readonly context: SegmentContext,
  ) {
    this.fallback = cp.profile.routing.default;
    this.current = this.fallback;
    this.id = context.identification;
    this.complaintDone = hasComplaintLabel(text, tokens, cp);
    this.titled = titleWordsAtStart(tokens, cp.titleParts);
    if (this.titled > 0) this.contentStart = (tokens[this.titled - 1] as Token).end;
  }

  run(): Piece[] {
    let tokenIndex = 0;
    for (const sentence of splitSentences(this.text, this.folded)) {
      const scope = this.sentenceScope(sentence, tokenIndex);
      if (this.contentStart < sentence.start) this.contentStart = sentence.start;
      let k = Math.max(scope.first, this.titled);
      while (k < scope.last) k = this.readToken(scope, k);
      this.endSentence(sentence);
      tokenIndex = scope.last;
    }
    return this.pieces;
  }

  private index(section: string): number {
    return this.cp.order.get(section) ?? 0;
  }

  /** Closes the current piece at `at` and opens `section`, its content from `contentStart`. */
  private cut(at: number, section: string, contentStart: number): void {
    if (at > this.contentStart)
      this.pieces.push({ section: this.current, start: this.contentStart, end: at });
    if (section !== this.current) this.labelled = false;
    this.current = section;
    this.contentStart = Math.max(at, contentStart);
  }

  private openComplaint(spoken: boolean): void {
    this.complaintOpen = true;
    this.complaintSpoken = spoken;
    this.complaintTokens = 0;
    this.durationEndsAt = -1;
    this.afterDuration = 0;
  }

  private closeComplaint(at: number): void {
    this.complaintOpen = false;
    this.complaintDone = true;
    this.cut(at, this.cp.historySection, at);
  }

  private sentenceScope(sentence: Span, from: number): SentenceScope {
    const { tokens, text } = this;
    let first = from;
    while (first < tokens.length && (tokens[first] as Token).start < sentence.start) first++;
    let last = first;
    while (last < tokens.length && (tokens[last] as Token).end <= sentence.end) last++;
    const count = last - first;
    let commas = 0;
    for (let i = sentence.start; i < sentence.end; i++) {
      const c = text.charCodeAt(i);
      if (c === 44 || c === 59) commas++;
    }
    const runOn = count >= RUN_ON_WORDS && commas * RUN_ON_WORDS_PER_COMMA < count;
    return { sentence, first, last, runOn };
  }

  /** Reads token k through the steps; returns where reading goes on. */
  private readToken(scope: SentenceScope, k: number): number {
    const token = this.tokens[k] as Token;
    if (k > 0 && token.clause) this.firstClause = false;
    const position = k === scope.first ? 'start' : token.clause ? 'clause' : 'mid';
    const at: TokenScope = {
      k,
      token,
      position,
      mayCut: position !== 'mid' || scope.runOn,
      currentIndex: this.index(this.current),
    };
    this.followComplaint(scope, at);
    return (
      this.identification(scope, at) ??
      this.vitalSign(at) ??
      this.unlabelledComplaint(scope, at) ??
      this.cue(scope, at) ??
      this.diagnosisSentence(scope, at) ??
      k + 1
    );
  }

  /** The chief complaint ends after its duration, at a comma, or at a new statement. */
  private followComplaint(scope: SentenceScope, { k, token: t }: TokenScope): void {
    if (!this.complaintOpen || this.current !== this.cp.complaintSection) return;
    if (k === this.durationEndsAt) {
      this.afterDuration = 1;
      // 'febre há dois dias e dor de garganta': a second complaint joined by 'e' stays.
      if (t.gap !== 'none' || t.text !== 'e') this.closeComplaint(t.start);
    } else if (this.afterDuration > 0) {
      this.afterDuration++;
      if (this.afterDuration > 6 || (t.gap !== 'none' && this.complaintSpoken))
        this.closeComplaint(t.start);
      else if (STATEMENT_WORDS.has(t.text)) this.closeComplaint(t.start);
    } else if (this.complaintTokens > 0 && this.complaintSpoken && t.gap === 'comma') {
      this.closeComplaint(t.start);
    } else if (this.complaintTokens > 1 && scope.runOn && STATEMENT_WORDS.has(t.text)) {
      this.closeComplaint(t.start);
    }
    if (this.complaintOpen && this.durationEndsAt < 0) {
      const end = durationEnd(this.text, this.tokens, k);
      if (end > k) this.durationEndsAt = end;
    }
    if (this.complaintOpen) this.complaintTokens++;
  }

  /** The patient's name said inside a sentence: a piece of its own. */
  private identification(scope: SentenceScope, { k, token: t }: TokenScope): number | null {
    const id = this.id;
    if (!id || t.start !== id.start || k <= scope.first) return null;
    const back = isOneShot(this.current) ? this.fallback : this.current;
    this.cut(t.start, this.current, t.start);
    let j = k;
    while (j < scope.last && (this.tokens[j] as Token).end <= id.end) j++;
    const end = (this.tokens[j - 1] as Token).end;
    this.cut(end, back, end);
    this.complaintOpen = false;
    return j;
  }

  /** A vital sign before the exam starts the exam. */
  private vitalSign({ k, token: t, mayCut, currentIndex }: TokenScope): number | null {
    const { cp } = this;
    if (
      !this.context.vitalStarts.has(t.start) ||
      cp.examSection === null ||
      !mayCut ||
      currentIndex >= cp.examIndex ||
      this.current === cp.examSection
    )
      return null;
    this.complaintOpen = false;
    this.cut(t.start, cp.examSection, t.start);
    return k + 1;
  }

  /** The chief complaint said without a label ('refere ...', 'veio porque ...'). */
  private unlabelledComplaint(
    scope: SentenceScope,
    { k, token: t, mayCut, currentIndex }: TokenScope,
  ): number | null {
    const { cp, tokens } = this;
    if (
      this.complaintDone ||
      this.labelled ||
      cp.complaintSection === null ||
      !(mayCut || identifiesUpTo(tokens, scope.first, k, this.id)) ||
      currentIndex > this.index(cp.historySection)
    )
      return null;
    const opened = complaintAt(tokens, k, scope.last, scope.first, this.id);
    const startAt = opened ? tokens[opened.contentToken] : undefined;
    if (!opened || !startAt) return null;
    if (opened.keepIntro) {
      // 'Trazido pela mãe' stays in the history; 'veio porque', 'refere' are dropped.
      this.cut(t.start, cp.historySection, t.start);
      this.cut((tokens[opened.openerToken] as Token).start, cp.complaintSection, startAt.start);
    } else {
      this.cut(t.start, cp.complaintSection, startAt.start);
    }
    this.openComplaint(true);
    this.complaintDone = true;
    this.firstClause = false;
    return opened.contentToken;
  }

  /** A section label or a spoken cue starting at token k. */
  private cue(scope: SentenceScope, at: TokenScope): number | null {
    const { cp, tokens, folded } = this;
    const { k, token: t, position } = at;
    const matches = cp.trie.matchAt(this.text, tokens, k);
    if (matches.length === 0) return null;
    const chosen = choose(matches, {
      position,
      runOn: scope.runOn,
      currentIndex: at.currentIndex,
      index: (section) => this.index(section),
      cp,
      firstClause: this.firstClause,
      current: this.current,
      leadWindow:
        position === 'mid' &&
        k - scope.first <= 2 &&
        this.contentStart <= (tokens[scope.first] as Token).start,
      complaintDone: this.complaintDone,
      colonAfter: (end) => /^[ \t]{0,2}:/.test(folded.slice(end, end + 3)),
      dashAfter: (end) => /^[ \t]{1,2}[-\u2013\u2014][ \t]/.test(folded.slice(end, end + 4)),
    });
    if (!chosen) return null;
    const { match, info } = chosen;
    if (info.title && this.firstClause) {
      // The note's own title said first ('evolução de enfermagem ...'): not a section.
      this.cut(t.start, this.current, match.end);
      return match.next;
    }
    const sep = separatorLength(folded, match.end, scope.sentence.end);
    const dropLabel =
      info.kind === 'label' && info.label && (sep > 0 || (scope.runOn && info.strong));
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
    if (position === 'mid' && info.mode === 'lead' && !scope.runOn) {
      // A content cue in the first words: the whole sentence is about it.
      cueStart = (tokens[scope.first] as Token).start;
    } else if (position === 'mid') {
      const lead = tokens[k - 1];
      leadIn = lead !== undefined && LABEL_LEAD_INS.has(lead.text) && lead.gap === 'none';
      if (lead && leadIn) cueStart = lead.start;
      else cueStart = (tokens[timeBefore(tokens, k, scope.first)] as Token).start;
    }
    const contentStart = dropped ? match.end + (dropLabel ? sep : 0) : leadIn ? t.start : cueStart;
    this.firstClause = false;
    if (info.section === this.current && !dropped) {
      // Nothing changes: skip the longest phrase found here, not to read cues inside it.
      return Math.max(match.next, (matches[0] as TrieMatch<CueInfo>).next);
    }
    if (this.complaintOpen) {
      this.complaintOpen = false;
      this.complaintDone = true;
    }
    this.cut(cueStart, info.section, contentStart);
    this.labelled = info.kind === 'label';
    if (info.section === cp.complaintSection) {
      this.complaintDone = true;
      this.openComplaint(false);
    }
    return match.next;
  }

  /** A sentence that names a diagnosis after the exam ('Artrite reumatoide em atividade.'). */
  private diagnosisSentence(
    scope: SentenceScope,
    { k, token: t, position, currentIndex }: TokenScope,
  ): number | null {
    const { cp } = this;
    if (position !== 'start' || cp.assessmentSection === null) return null;
    const target = this.index(cp.assessmentSection);
    if (
      target <= currentIndex ||
      currentIndex < cp.examIndex ||
      !looksLikeDiagnosis(this.text, this.tokens, k, scope.last)
    )
      return null;
    this.cut(t.start, cp.assessmentSection, t.start);
    return k + 1;
  }

  private endSentence(sentence: Span): void {
    if (this.contentStart < sentence.end) {
      this.pieces.push({ section: this.current, start: this.contentStart, end: sentence.end });
    }
    // 'Paciente X, 63 anos, DPOC.': a disease said with the name; the history goes on after it.
    const id = this.id;
    const identifying = id !== null && id.start >= sentence.start && id.end <= sentence.end;
    if (identifying && !this.labelled && this.current === this.cp.roleSection('pastHistory')) {
      this.current = this.fallback;
    }
    this.contentStart = sentence.end;
    if (this.complaintOpen) {
      this.complaintOpen = false;
      this.complaintDone = true;
    }
    if (isOneShot(this.current)) this.current = this.fallback;
    this.firstClause = false;
  }
}
