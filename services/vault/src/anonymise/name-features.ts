/**
 * What each token says about names, computed once per text: is it in the gazetteer, is it an
 * ordinary or clinical word too, does its context make it an eponym or a drug.
 */

import type { Token } from '@pv/pt-text';
import {
  CLINICAL,
  COMMON_NAME,
  DOSE_UNIT,
  DRUG_CUE,
  EPONYM,
  EPONYM_HEAD,
  GIVEN,
  KINSHIP,
  nameEnding,
  PARTICLES,
  STOP,
  SUBJECT_VERBS,
  SURNAME,
  TITLES,
} from './lexicon.js';
import { isNumberWord, numberPhrase } from './spoken-numbers.js';

export interface NameFeatures {
  /** In a name list (given, hypocoristic or surname). */
  listed: Uint8Array;
  /** Listed, and a given name that is not also a common, clinical or eponym word. */
  strongGiven: Uint8Array;
  /** Listed surname that is not also a common, clinical or eponym word. */
  strongSurname: Uint8Array;
  /** Listed but also an ordinary or clinical word ('rosa', 'dias', 'pessoa'). */
  ambiguous: Uint8Array;
  /** Clinical word or eponym: never a name without an explicit cue. */
  clinical: Uint8Array;
  /** In a context that makes it an eponym or a drug ('doença de Wilson', 'toma Diane'). */
  protectedCtx: Uint8Array;
  /** Unlisted, but shaped like a name ('edileuza', 'gleiciane'): see lexicon.nameEnding. */
  shaped: Uint8Array;
  /** Followed by an age ('Vitória, 7 anos', 'joana quarenta anos'). */
  aged: Uint8Array;
}

const PREPOSITIONS = new Set(['de', 'do', 'da', 'dos', 'das']);
const ENDING_RANK = { strong: 2, weak: 1, none: 0 } as const;
const AGE_UNITS = new Set(['anos', 'ano', 'meses', 'mes', 'a', 'm']);

/** 'Vitória, 7 anos', 'joana quarenta e dois anos', 'Dirce (82 a)'. */
function agedAt(toks: readonly Token[], k: number): boolean {
  let j = k + 1;
  if (toks[j]?.text === ',' || toks[j]?.text === '(') j++;
  const t = toks[j];
  if (!t || t.lineBefore) return false;
  let last = j;
  if (t.kind === 'word') {
    const phrase = isNumberWord(t.folded) ? numberPhrase(toks, j) : null;
    if (!phrase) return false;
    last = phrase.last;
  } else if (t.kind !== 'number' || t.text.length > 3) return false;
  const unit = toks[last + 1];
  return isWord(unit) && AGE_UNITS.has(unit.folded);
}
const SAINTS = new Set(['sao', 'santo', 'santa']);

export const isWord = (t: Token | undefined): t is Token => t?.kind === 'word';

/** A token that can sit inside a name run without being a name ('da', 'de', 'dos'). */
export const isParticle = (t: Token | undefined) => isWord(t) && PARTICLES.has(t.folded);

export function nameFeatures(toks: readonly Token[]): NameFeatures {
  const n = toks.length;
  // Typed arrays: one flag per token without a heap object per token.
  const listed = new Uint8Array(n);
  const strongGiven = new Uint8Array(n);
  const strongSurname = new Uint8Array(n);
  const ambiguous = new Uint8Array(n);
  const clinical = new Uint8Array(n);
  const protectedCtx = new Uint8Array(n);
  /** 0: not shaped like a name; 1: weak; 2: strong. */
  const shaped = new Uint8Array(n);
  const aged = new Uint8Array(n);

  for (let k = 0; k < n; k++) {
    const t = toks[k] as Token;
    if (t.kind !== 'word' || t.folded.length < 2 || t.folded.length > 30) continue;
    const w = t.folded;
    const given = GIVEN.has(w);
    const surname = SURNAME.has(w);
    const isClinical = CLINICAL.has(w) || EPONYM.has(w);
    clinical[k] = isClinical ? 1 : 0;
    aged[k] = agedAt(toks, k) ? 1 : 0;
    if (!(given || surname)) {
      if (!isClinical && plausibleName(t)) shaped[k] = ENDING_RANK[nameEnding(w) ?? 'none'];
      continue;
    }
    listed[k] = 1;
    // Short capitals are abbreviations ('IAM', 'ANA', 'RAI'), not names, unless a cue says so.
    const abbreviation = t.allCaps && w.length <= 4;
    const plain = !isClinical && !COMMON_NAME.has(w) && !abbreviation;
    ambiguous[k] = !plain ? 1 : 0;
    strongGiven[k] = plain && given && w.length >= 3 ? 1 : 0;
    strongSurname[k] = plain && surname && !given && w.length >= 4 ? 1 : 0;
  }

  for (let k = 0; k < n; k++) {
    const t = toks[k] as Token;
    if (t.kind !== 'word') continue;
    // 'doença de Parkinson', 'síndrome de Guillain-Barré', 'sinal de Murphy'.
    if (EPONYM_HEAD.has(t.folded) && PREPOSITIONS.has(toks[k + 1]?.folded ?? '')) {
      for (let j = k + 2, words = 0; j < n && words < 4; j++) {
        const u = toks[j] as Token;
        if (u.kind === 'punct' && u.text === '-' && !u.spaceBefore) continue;
        if (u.kind !== 'word' || STOP.has(u.folded)) break;
        protectedCtx[j] = 1;
        words++;
        // Another word only when hyphenated or also a name ('Wolff Parkinson White').
        const next = toks[j + 1];
        if (!(next?.text === '-' || listed[j + 1] || clinical[j + 1])) break;
      }
    }
    // 'toma Diane', 'em uso de Yasmin': the next two words may be a drug.
    if (DRUG_CUE.has(t.folded)) {
      for (let j = k + 1; j <= k + 3 && j < n; j++) {
        const u = toks[j] as Token;
        if (u.kind !== 'word') break;
        if (!PREPOSITIONS.has(u.folded) && u.folded !== 'em') protectedCtx[j] = 1;
      }
    }
    // 'São Paulo', 'Santo André', 'Santa Maria': saints and the places named after them.
    if (SAINTS.has(t.folded) && isWord(toks[k + 1])) {
      protectedCtx[k + 1] = 1;
      if (isWord(toks[k + 2]) && listed[k + 2]) protectedCtx[k + 2] = 1;
    }
    // 'Yasmin 3 mg', 'Diane 35': a name-like word right before a dose.
    const number = toks[k + 1];
    if (number?.kind === 'number') {
      const unit = toks[k + 2];
      if (isWord(unit) && DOSE_UNIT.has(unit.folded) && !unit.lineBefore) protectedCtx[k] = 1;
    }
  }
  return { listed, strongGiven, strongSurname, ambiguous, clinical, protectedCtx, shaped, aged };
}

/** A word that introduces a person: title or kinship. */
export const isPersonCue = (t: Token | undefined) =>
  isWord(t) && (TITLES.has(t.folded) || KINSHIP.has(t.folded));

/** Verb-like endings of an unknown word: not taken for a name after a title. */
const VERB_ENDINGS =
  /(?:ou|ava|avam|aram|eram|iram|ando|endo|indo|aria|eria|iria|amos|emos|imos|ei)$/;

/** An unknown word that could still be a name: letters only, not a stop word or verb form. */
export function plausibleName(t: Token | undefined): boolean {
  if (!isWord(t)) return false;
  const w = t.folded;
  if (w.length < 3 || w.length > 30 || !/^[a-z]+$/.test(w)) return false;
  if (STOP.has(w) || SUBJECT_VERBS.has(w) || KINSHIP.has(w) || TITLES.has(w)) return false;
  return !VERB_ENDINGS.test(w);
}
