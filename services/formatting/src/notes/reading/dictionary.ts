import { fold } from '@pv/pt-text';

/**
 * The medical dictionary: corrects misrecognised words of a dictation against the admin's list of
 * correct spellings (accent- and case-insensitive; Levenshtein distance ≤ 1 for words of 5+
 * letters, ≤ 2 for words of 9+), writing the term's canonical spelling.
 *
 * Candidate terms are found with a deletion index (SymSpell): every term is indexed under the
 * strings obtained by deleting up to two of its letters, and a word is looked up under its own
 * deletions, so a word is compared only with the few terms that can be that close to it.
 */

const MIN_WORD_LENGTH = 5;
const LONG_WORD_LENGTH = 9;
/** No medical term is longer: a longer "word" is left alone (its deletions would cost its length squared). */
const MAX_WORD_LENGTH = 40;

/**
 * Frequent pt-BR words (folded) that are one or two letters away from common medical terms and
 * must never be "corrected" (e.g. 'posse' is not a misspelt 'tosse').
 */
const PROTECTED_WORDS = new Set(
  [
    'posse',
    'poder',
    'parte',
    'partes',
    'porque',
    'quando',
    'quanto',
    'sempre',
    'depois',
    'antes',
    'ainda',
    'entao',
    'tambem',
    'muito',
    'muita',
    'outro',
    'outra',
    'outros',
    'outras',
    'sobre',
    'entre',
    'mesmo',
    'mesma',
    'estava',
    'estao',
    'esteve',
    'tinha',
    'tenho',
    'temos',
    'fazer',
    'feito',
    'feita',
    'dessa',
    'desse',
    'nessa',
    'nesse',
    'nesta',
    'neste',
    'desta',
    'deste',
    'essas',
    'esses',
    'estas',
    'estes',
    'aquela',
    'aquele',
    'paciente',
    'pacientes',
    'refere',
    'referiu',
    'relata',
    'relatou',
    'apresenta',
    'apresentou',
    'nega',
    'negou',
    'sinais',
    'vitais',
    'exame',
    'exames',
    'horas',
    'vezes',
    'semana',
    'semanas',
    'meses',
    'manha',
    'tarde',
    'noite',
    'noites',
    'casa',
    'trabalho',
    'familia',
    'filho',
    'filha',
    'filhos',
    'filhas',
    'marido',
    'esposa',
    'esposo',
    'conduta',
    'plano',
    'queixa',
    'queixas',
    'historia',
    'retorno',
    'melhora',
    'piora',
    'febre',
    'fraca',
    'forte',
    'leves',
    'grave',
    'graves',
    'cabeca',
    'costas',
    'braco',
    'bracos',
    'perna',
    'pernas',
    'peito',
    'barriga',
    'dores',
    'tosse',
    'tosses',
    'massa',
    'massas',
    'mamas',
    'mamae',
    'papai',
    'certo',
    'certa',
    'cerca',
    'campo',
    'calor',
    'valor',
    'cores',
    'corpo',
    'tempo',
    'todos',
    'todas',
    'nunca',
    'menos',
    'maior',
    'menor',
    'normal',
    'normais',
    'estavel',
    'estaveis',
    'acordo',
    'conta',
    'contas',
    'usando',
    'tomando',
    'dormir',
    'comer',
    'beber',
    'andar',
    'falar',
  ].map(fold),
);

export interface MedicalDictionary {
  /** Number of distinct (folded) words in the dictionary. */
  readonly size: number;
  /** The canonical spelling a word should be written with, or null to keep it. */
  correct(word: string): string | null;
}

interface Entry {
  folded: string;
  canonical: string;
}

/** Levenshtein distance, or `max + 1` as soon as it exceeds `max`. */
export function boundedLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = new Array<number>(b.length + 1);
  let curr = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(
        (prev[j] as number) + 1,
        (curr[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      curr[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prev, curr] = [curr, prev];
  }
  return prev[b.length] as number;
}

function deletions(word: string, depth: number, out: Set<string>): void {
  if (depth === 0 || word.length <= 1) return;
  for (let i = 0; i < word.length; i++) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (!out.has(shorter)) {
      out.add(shorter);
      deletions(shorter, depth - 1, out);
    }
  }
}

function maxDistanceFor(length: number): number {
  if (length >= LONG_WORD_LENGTH) return 2;
  if (length >= MIN_WORD_LENGTH) return 1;
  return 0;
}

/**
 * Builds a dictionary from the admin's terms. Multi-word terms ('doença de Crohn') contribute
 * each of their words; the first spelling given for a word wins.
 */
export function buildMedicalDictionary(terms: readonly string[]): MedicalDictionary {
  const exact = new Map<string, Entry>();
  for (const term of terms) {
    for (const word of term.match(/[A-Za-zÀ-ÖØ-öø-ÿ]+/g) ?? []) {
      if (word.length < 4 || word.length > MAX_WORD_LENGTH) continue;
      const folded = fold(word);
      if (!exact.has(folded)) exact.set(folded, { folded, canonical: word });
    }
  }
  // Deletion index: a word within distance d of a term shares a deletion (of ≤ d letters each).
  const index = new Map<string, Entry[]>();
  for (const entry of exact.values()) {
    // A term can match a word at distance 2 only if the word has 9+ letters, i.e. the term 7+.
    const depth = entry.folded.length >= LONG_WORD_LENGTH - 2 ? 2 : 1;
    const keys = new Set<string>();
    deletions(entry.folded, depth, keys);
    for (const key of keys) {
      const list = index.get(key);
      if (list) list.push(entry);
      else index.set(key, [entry]);
    }
  }
  const cache = new Map<string, string | null>();

  const lookup = (folded: string): Entry | null => {
    const hit = exact.get(folded);
    if (hit) return hit;
    const max = maxDistanceFor(folded.length);
    if (max === 0 || PROTECTED_WORDS.has(folded)) return null;
    const keys = new Set<string>([folded]);
    deletions(folded, max, keys);
    let best: Entry | null = null;
    let bestDistance = max + 1;
    let tie = false;
    const seen = new Set<Entry>();
    for (const key of keys) {
      const candidates = [...(index.get(key) ?? [])];
      const direct = exact.get(key);
      if (direct) candidates.push(direct);
      for (const entry of candidates) {
        if (seen.has(entry)) continue;
        seen.add(entry);
        const distance = boundedLevenshtein(folded, entry.folded, max);
        if (distance > max) continue;
        if (distance < bestDistance) {
          best = entry;
          bestDistance = distance;
          tie = false;
        } else if (distance === bestDistance && entry !== best) {
          tie = true;
        }
      }
    }
    // Two different terms equally close: the word is ambiguous, leave it.
    return tie ? null : best;
  };

  return {
    size: exact.size,
    correct(word: string): string | null {
      if (word.length > MAX_WORD_LENGTH) return null;
      const folded = fold(word);
      let canonical = cache.get(folded);
      if (canonical === undefined) {
        canonical = lookup(folded)?.canonical ?? null;
        cache.set(folded, canonical);
      }
      if (canonical === null) return null;
      // A lower-case term takes the dictated capital at the start of a sentence; a term with
      // capitals of its own (a proper name such as 'Crohn') is written as given.
      const ownCapitals = canonical !== canonical.toLocaleLowerCase('pt-BR');
      const first = word.charAt(0);
      const dictatedCapital = first !== first.toLocaleLowerCase('pt-BR');
      const result =
        !ownCapitals && dictatedCapital
          ? canonical.charAt(0).toLocaleUpperCase('pt-BR') + canonical.slice(1)
          : canonical;
      return result === word ? null : result;
    },
  };
}

/**
 * Rewrites the words of `text` that the dictionary corrects. Returns the new text and the list of
 * corrections made (original -> canonical), in order.
 */
export function applyMedicalDictionary(
  text: string,
  dictionary: MedicalDictionary,
): { text: string; corrections: { from: string; to: string }[] } {
  const corrections: { from: string; to: string }[] = [];
  if (dictionary.size === 0) return { text, corrections };
  const corrected = text.replace(/[A-Za-zÀ-ÖØ-öø-ÿ]+/g, (word) => {
    if (word.length < 4 || word.length > MAX_WORD_LENGTH) return word;
    const canonical = dictionary.correct(word);
    if (canonical === null) return word;
    corrections.push({ from: word, to: canonical });
    return canonical;
  });
  return { text: corrected, corrections };
}
