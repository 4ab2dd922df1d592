/**
 * People's names, as typed or as a speech engine writes them (lower case, no labels). A name run
 * starts where the evidence is: a label or a naming verb ('Paciente:', 'se chama'), a title ('Dr.',
 * 'dona', 'seu'), a kinship word ('a mãe Joana', 'filho dele o Pedro'), a given name or surname
 * that is not also an ordinary word, a listed name capitalised mid-sentence, a listed name in
 * front of a dictation verb ('rosa refere'), or a name already found elsewhere in the
 * consultation. The run then takes the name's other parts (more listed names, particles, 'Júnior').
 * Eponyms ('doença de Wilson') and drugs ('toma Diane') are left alone unless a cue names a person.
 */

import type { Token } from '@pv/pt-text';
import {
  CLINICAL,
  KINSHIP,
  KINSHIP_LINK,
  NAME_SUFFIXES,
  NAMING_VERBS,
  PATIENT_LABELS,
  STOP,
  STRONG_TITLES,
  SUBJECT_OK_CLINICAL,
  SUBJECT_VERBS,
  TITLES,
} from './lexicon.js';
import {
  isParticle,
  isPersonCue,
  isWord,
  type NameFeatures,
  nameFeatures,
  plausibleName,
} from './name-features.js';
import type { Span } from './spans.js';
import { isNumberWord } from './spoken-numbers.js';
import { sentenceStart } from './tokens.js';

/** Why a run started; the first three let it take words no list knows. */
export type Cue = 'label' | 'naming' | 'strong-title' | 'introduced' | 'weak-title' | 'none';

const NAMING_FILLERS = new Set([
  'e',
  'como',
  'o',
  'a',
  'do',
  'da',
  'paciente',
  'completo',
  'social',
  'civil',
  'dele',
  'dela',
  'se',
  'seu',
  'sua',
]);
const SUBJECT_FILLERS = new Set(['nao', 'ja', 'tambem', 'que', 'ainda', 'so', 'sempre', 'nunca']);

/** What introduces token k, looking back over a few link words and marks. */
export function cueBefore(toks: readonly Token[], k: number): Cue {
  let j = k - 1;
  let colon = false;
  // 'Dr. Roberto', 'Paciente: Ana', 'mãe, Joana', 'Esposa (Glória)'
  while (
    j >= 0 &&
    j >= k - 2 &&
    toks[j]?.kind === 'punct' &&
    '.:,-('.includes(toks[j]?.text ?? '')
  ) {
    if (toks[j]?.text === ':') colon = true;
    j--;
  }
  const c = toks[j];
  if (!isWord(c) || toks[k]?.lineBefore) return 'none';
  if (colon && PATIENT_LABELS.has(c.folded)) return 'label';
  if (STRONG_TITLES.has(c.folded)) return 'strong-title';
  if (c.folded === 'paciente') return 'introduced';
  if (TITLES.has(c.folded))
    return c.folded === 'seu' || c.folded === 'sua' ? 'weak-title' : 'introduced';
  // 'se chama Ana', 'nome do paciente é João', 'chamado Pedro', 'identificado como José'
  let sawIs = false;
  for (let back = j, n = 0; back >= 0 && n < 5; back--, n++) {
    const t = toks[back] as Token;
    if (isWord(t) && NAMING_VERBS.has(t.folded)) {
      // 'nome' names only with ':' or 'é' after it ('nome do pai' does not).
      if (t.folded !== 'nome' || colon || sawIs) return 'naming';
      break;
    }
    if (!(isWord(t) && NAMING_FILLERS.has(t.folded))) break;
    if (t.folded === 'e') sawIs = true;
  }
  // Kinship, possibly with links: 'a mãe Joana', 'filho dele o Pedro', 'mãe da paciente, Ana'.
  for (let back = j, n = 0; back >= 0 && n < 4; back--, n++) {
    const t = toks[back] as Token;
    if (isWord(t) && KINSHIP.has(t.folded)) return 'introduced';
    if (!(isWord(t) && KINSHIP_LINK.has(t.folded)) && !(t.kind === 'punct' && t.text === ','))
      break;
  }
  return 'none';
}

/** The cue that lets token k start a name run, or 'none'. */
function startCue(toks: readonly Token[], f: NameFeatures, k: number): Cue {
  const t = toks[k];
  if (!isWord(t) || STOP.has(t.folded) || t.folded.length < 2 || t.folded.length > 30)
    return 'none';
  const cue = cueBefore(toks, k);
  const listed = f.listed[k] === 1;
  switch (cue) {
    case 'label':
    case 'naming':
    case 'strong-title':
      return listed || t.capitalised || t.allCaps || plausibleName(t) ? cue : 'none';
    case 'introduced':
      return (listed && !(t.allCaps && t.folded.length <= 4)) || t.capitalised || f.shaped[k]
        ? cue
        : 'none';
    case 'weak-title':
      return (listed && !f.ambiguous[k]) || t.capitalised ? cue : 'none';
    default:
      return 'none';
  }
}

/** Token k is evidence of a name without a cue. */
function bareEvidence(
  toks: readonly Token[],
  f: NameFeatures,
  k: number,
  known: ReadonlySet<string>,
): boolean {
  const t = toks[k];
  if (!isWord(t) || f.protectedCtx[k] || STOP.has(t.folded)) return false;
  if (f.strongGiven[k] || f.strongSurname[k] || f.shaped[k] === 2) return true;
  // A name found elsewhere in the consultation; a clinical word only when capitalised ('Rosa').
  if (known.has(t.folded) && (!f.clinical[k] || t.capitalised) && t.folded.length >= 3) return true;
  // A capitalised word no list knows, as the subject of a dictation verb ('Zuleide refere').
  const capitalisedUnknown = !f.listed[k] && !f.shaped[k] && t.capitalised && plausibleName(t);
  if (!(f.listed[k] || f.shaped[k] || capitalisedUnknown)) return false;
  // 'Vitória, 7 anos', 'joana quarenta e dois anos'
  if (f.aged[k] && !f.clinical[k] && !capitalisedUnknown) return true;
  // 'a médica Glória', 'encaminhada por Rosa': a listed name capitalised mid-sentence.
  if (f.listed[k] && t.capitalised && !f.clinical[k] && !sentenceStart(toks, k)) return true;
  // 'rosa refere dor', 'a joana não nega': a listed name as the subject of a dictation verb.
  if (CLINICAL.has(t.folded) && !SUBJECT_OK_CLINICAL.has(t.folded)) return false;
  let v = k + 1;
  while (v < k + 3 && isWord(toks[v]) && SUBJECT_FILLERS.has(toks[v]?.folded ?? '')) v++;
  const verb = toks[v];
  return isWord(verb) && SUBJECT_VERBS.has(verb.folded) && !verb.lineBefore;
}

/**
 * Token j continues a name run: another listed name, a capitalised word, a word shaped like a name.
 * Words no list knows start a run after a label or a title, but extend one only after a label or
 * a naming verb ('nome: raimunda nonata'); 'dona Lurdes cuida das crianças' stops at 'cuida'.
 */
function continues(toks: readonly Token[], f: NameFeatures, j: number, open = false): boolean {
  const t = toks[j];
  if (!isWord(t) || t.lineBefore || STOP.has(t.folded) || isPersonCue(t)) return false;
  if (isNumberWord(t.folded)) return false;
  if (SUBJECT_VERBS.has(t.folded) || f.protectedCtx[j]) return false;
  // A clinical word joins a name only after a particle ('Maria das Dores') or capitalised.
  if (f.clinical[j] && !t.capitalised && !isParticle(toks[j - 1])) return false;
  if (f.listed[j] && !(t.allCaps && t.folded.length <= 3)) return true;
  if (t.capitalised || (t.allCaps && t.folded.length > 4) || f.shaped[j] !== 0) return true;
  return open && plausibleName(t);
}

export interface NameResult {
  spans: Span[];
  /** Each name word found (folded), to be looked for again in the other texts. */
  words: Set<string>;
  /** Runs started by a label, a naming verb, 'paciente' or a title: the patient's names. */
  introduced: { first: number; last: number }[];
}

const MAX_RUN = 7;

export function nameSpans(toks: readonly Token[], known: ReadonlySet<string>): NameResult {
  const f = nameFeatures(toks);
  const spans: Span[] = [];
  const words = new Set<string>();
  const introduced: { first: number; last: number }[] = [];
  let k = 0;
  while (k < toks.length) {
    const cue = startCue(toks, f, k);
    if (cue === 'none' && !bareEvidence(toks, f, k, known)) {
      k++;
      continue;
    }
    let first = k;
    // Left: 'roberto figueiredo' found at the surname takes the given name before it.
    while (
      cue === 'none' &&
      first > k - 3 &&
      continues(toks, f, first - 1) &&
      !(toks[first] as Token).lineBefore &&
      (f.listed[first - 1] || !sentenceStart(toks, first - 1))
    )
      first--;
    const open = cue === 'label' || cue === 'naming';
    let last = k;
    let j = k + 1;
    while (j < toks.length && j - first < MAX_RUN) {
      const t = toks[j];
      if (isParticle(t) && continues(toks, f, j + 1, open) && t?.folded !== 'e') {
        last = j + 1;
        j += 2;
      } else if (isWord(t) && NAME_SUFFIXES.has(t.folded) && !t.lineBefore) {
        last = j;
        j++;
      } else if (continues(toks, f, j, open && j - first < 5)) {
        last = j;
        j++;
      } else break;
    }
    spans.push({
      start: (toks[first] as Token).start,
      end: (toks[last] as Token).end,
      tag: '[NOME]',
    });
    for (let i = first; i <= last; i++) {
      const w = toks[i] as Token;
      if (!isParticle(w) && !NAME_SUFFIXES.has(w.folded))
        if (w.kind === 'word' && w.folded.length >= 3 && !STOP.has(w.folded)) words.add(w.folded);
    }
    if (cue === 'label' || cue === 'naming' || (cue !== 'none' && cueIsPatient(toks, first)))
      introduced.push({ first, last });
    k = last + 1;
  }
  return { spans, words, introduced };
}

/** 'Paciente Ana', 'Sra. Ana', 'Dona Ana', 'Seu José' introduce the patient; 'Dr.' and kin do not. */
function cueIsPatient(toks: readonly Token[], first: number): boolean {
  let j = first - 1;
  while (j >= 0 && toks[j]?.kind === 'punct') j--;
  const c = toks[j]?.folded ?? '';
  return ['paciente', 'sr', 'sra', 'srta', 'senhor', 'senhora', 'dona', 'seu'].includes(c);
}

export { nameFeatures };
