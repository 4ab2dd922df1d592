/**
 * What each token says about names, computed once per text: is it in the gazetteer, is it an
 * ordinary or clinical word too, does its context make it an eponym or a drug.
 */
import {
  CLINICAL,
  COMMON_NAME,
  DOSE_UNIT,
  DRUG_CUE,
  EPONYM,
  EPONYM_HEAD,
  GIVEN,
  KINSHIP,
  PARTICLES,
  STOP,
  SUBJECT_VERBS,
  SURNAME,
  TITLES,
} from './lexicon.js';
import type { Tok } from './tokens.js';

export interface NameFeatures {
  /** In a name list (given, hypocoristic or surname). */
  listed: boolean[];
  /** Listed, and a given name that is not also a common, clinical or eponym word. */
  strongGiven: boolean[];
  /** Listed surname that is not also a common, clinical or eponym word. */
  strongSurname: boolean[];
  /** Listed but also an ordinary or clinical word ('rosa', 'dias', 'pessoa'). */
  ambiguous: boolean[];
  /** Clinical word or eponym: never a name without an explicit cue. */
  clinical: boolean[];
  /** In a context that makes it an eponym or a drug ('doença de Wilson', 'toma Diane'). */
  protectedCtx: boolean[];
}

const PREPOSITIONS = new Set(['de', 'do', 'da', 'dos', 'das']);
const SAINTS = new Set(['sao', 'santo', 'santa']);

export const isWord = (t: Tok | undefined): t is Tok => t?.kind === 'word';

/** A token that can sit inside a name run without being a name ('da', 'de', 'dos'). */
export const isParticle = (t: Tok | undefined) => isWord(t) && PARTICLES.has(t.folded);

export function nameFeatures(toks: readonly Tok[]): NameFeatures {
  const n = toks.length;
  const listed: boolean[] = new Array(n).fill(false);
  const strongGiven: boolean[] = new Array(n).fill(false);
  const strongSurname: boolean[] = new Array(n).fill(false);
  const ambiguous: boolean[] = new Array(n).fill(false);
  const clinical: boolean[] = new Array(n).fill(false);
  const protectedCtx: boolean[] = new Array(n).fill(false);

  for (let k = 0; k < n; k++) {
    const t = toks[k] as Tok;
    if (t.kind !== 'word' || t.folded.length < 2 || t.folded.length > 30) continue;
    const w = t.folded;
    const given = GIVEN.has(w);
    const surname = SURNAME.has(w);
    const isClinical = CLINICAL.has(w) || EPONYM.has(w);
    clinical[k] = isClinical;
    if (!(given || surname)) continue;
    listed[k] = true;
    // Short capitals are abbreviations ('IAM', 'ANA', 'RAI'), not names, unless a cue says so.
    const abbreviation = t.allCaps && w.length <= 4;
    const plain = !isClinical && !COMMON_NAME.has(w) && !abbreviation;
    ambiguous[k] = !plain;
    strongGiven[k] = plain && given && w.length >= 3;
    strongSurname[k] = plain && surname && !given && w.length >= 4;
  }

  for (let k = 0; k < n; k++) {
    const t = toks[k] as Tok;
    if (t.kind !== 'word') continue;
    // 'doença de Parkinson', 'síndrome de Guillain-Barré', 'sinal de Murphy'.
    if (EPONYM_HEAD.has(t.folded) && PREPOSITIONS.has(toks[k + 1]?.folded ?? '')) {
      for (let j = k + 2, words = 0; j < n && words < 4; j++) {
        const u = toks[j] as Tok;
        if (u.kind === 'punct' && u.text === '-' && !u.spaceBefore) continue;
        if (u.kind !== 'word' || STOP.has(u.folded)) break;
        protectedCtx[j] = true;
        words++;
        // Another word only when hyphenated or also a name ('Wolff Parkinson White').
        const next = toks[j + 1];
        if (!(next?.text === '-' || listed[j + 1] || clinical[j + 1])) break;
      }
    }
    // 'toma Diane', 'em uso de Yasmin': the next two words may be a drug.
    if (DRUG_CUE.has(t.folded)) {
      for (let j = k + 1; j <= k + 3 && j < n; j++) {
        const u = toks[j] as Tok;
        if (u.kind !== 'word') break;
        if (!PREPOSITIONS.has(u.folded) && u.folded !== 'em') protectedCtx[j] = true;
      }
    }
    // 'São Paulo', 'Santo André', 'Santa Maria': saints and the places named after them.
    if (SAINTS.has(t.folded) && isWord(toks[k + 1])) {
      protectedCtx[k + 1] = true;
      if (isWord(toks[k + 2]) && listed[k + 2]) protectedCtx[k + 2] = true;
    }
    // 'Yasmin 3 mg', 'Diane 35': a name-like word right before a dose.
    const number = toks[k + 1];
    if (number?.kind === 'number') {
      const unit = toks[k + 2];
      if (isWord(unit) && DOSE_UNIT.has(unit.folded) && !unit.lineBefore) protectedCtx[k] = true;
    }
  }
  return { listed, strongGiven, strongSurname, ambiguous, clinical, protectedCtx };
}

/** A word that introduces a person: title or kinship. */
export const isPersonCue = (t: Tok | undefined) =>
  isWord(t) && (TITLES.has(t.folded) || KINSHIP.has(t.folded));

/** Verb-like endings of an unknown word: not taken for a name after a title. */
const VERB_ENDINGS =
  /(?:ou|ava|avam|aram|eram|iram|ando|endo|indo|aria|eria|iria|amos|emos|imos|ei)$/;

/** An unknown word that could still be a name: letters only, not a stop word or verb form. */
export function plausibleName(t: Tok | undefined): boolean {
  if (!isWord(t)) return false;
  const w = t.folded;
  if (w.length < 3 || w.length > 30 || !/^[a-z]+$/.test(w)) return false;
  if (STOP.has(w) || SUBJECT_VERBS.has(w) || KINSHIP.has(w) || TITLES.has(w)) return false;
  return !VERB_ENDINGS.test(w);
}
