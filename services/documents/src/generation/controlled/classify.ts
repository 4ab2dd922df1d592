import {
  ANNEX,
  FUZZY_MIN_LENGTH,
  KNOWN_NOT_CONTROLLED,
  listForm,
  PHRASES,
  type PhraseKind,
  SALT_WORDS,
  type Substance,
} from './annex.js';
import {
  FUZZY_CELL_BUDGET,
  FUZZY_WORD_LIMIT,
  type FuzzyBudget,
  nearestSubstance,
} from './fuzzy.js';
import { firstDose, phraseWords, soundKey, type Token, tokenize } from './text.js';
import {
  type Classification,
  type ClassifyStats,
  type FormRule,
  formRank,
  type MatchKind,
  type PrescriptionForm,
} from './types.js';

/** pt-BR name of each form, as messages and documents print it. */
export const FORM_LABELS: Record<PrescriptionForm, string> = {
  SIMPLES: 'receita simples',
  RCE: 'Receituário de Controle Especial em duas vias',
  PROGRAMA_C4: 'formulário do programa de antirretrovirais',
  NOTIFICACAO_B: 'Notificação de Receita B',
  NOTIFICACAO_B2: 'Notificação de Receita B2',
  NOTIFICACAO_ESPECIAL_RETINOIDES: 'Notificação de Receita Especial para retinoides',
  TALIDOMIDA: 'Notificação de Receita Especial de talidomida e análogos',
  NOTIFICACAO_A: 'Notificação de Receita A',
};

/** "no Receituário...", "na Notificação...": the article each form takes after "vão". */
export const inForm = (form: PrescriptionForm) =>
  `${form === 'RCE' || form === 'PROGRAMA_C4' ? 'no' : 'na'} ${FORM_LABELS[form]}`;

/** A rule's words are looked for from a few words before the drug to a few after it. */
const WINDOW_BEFORE = 3;
const WINDOW_AFTER = 8;

interface Hit {
  substance: Substance;
  kind: MatchKind;
  brand?: string;
  /** Token range [first, last) of the words that matched. */
  first: number;
  last: number;
}

const brandKeys = new Map<string, string>();
function brandKey(brand: string): string {
  let key = brandKeys.get(brand);
  if (key === undefined) {
    key = phraseWords(brand).join(' ');
    brandKeys.set(brand, key);
  }
  return key;
}

const termWords = new WeakMap<readonly string[], string[][]>();
function wordsOfTerms(terms: readonly string[]): string[][] {
  let words = termWords.get(terms);
  if (!words) {
    words = terms.map(phraseWords).filter((w) => w.length > 0);
    termWords.set(terms, words);
  }
  return words;
}

function termPresent(tokens: readonly Token[], from: number, to: number, terms: readonly string[]) {
  const lo = Math.max(0, from);
  const hi = Math.min(tokens.length, to);
  for (const words of wordsOfTerms(terms)) {
    for (let i = lo; i + words.length <= hi; i++)
      if (words.every((w, k) => tokens[i + k]!.text === w)) return true;
  }
  return false;
}

/**
 * The tokens a rule may read around a mention: a few words before it and after it, never past
 * the mention's own line. In a prescription each line is one medicine: the next line's "500 mg"
 * belongs to another drug, and reading it could let a controlled one through as exempt.
 */
function windowOf(hit: Hit, tokens: readonly Token[]): { from: number; to: number } {
  const line = tokens[hit.first]!.line;
  let from = hit.first;
  while (from > 0 && hit.first - from < WINDOW_BEFORE && tokens[from - 1]!.line === line) from--;
  const lastLine = tokens[hit.last - 1]!.line;
  let to = hit.last;
  while (to < tokens.length && to - hit.last < WINDOW_AFTER && tokens[to]!.line === lastLine) to++;
  return { from, to };
}

/** Whether every condition of a rule holds for this mention of the drug. */
function ruleHolds(rule: FormRule, hit: Hit, tokens: readonly Token[]): boolean {
  const brand = hit.brand ? brandKey(hit.brand) : '';
  const { from, to } = windowOf(hit, tokens);
  if (rule.terms || rule.termBrands) {
    const byBrand = (rule.termBrands ?? []).some((b) => brandKey(b) === brand);
    if (!byBrand && !termPresent(tokens, from, to, rule.terms ?? [])) return false;
  }
  if (rule.maxMgPerUnit !== undefined || rule.maxMgPerMl !== undefined) {
    if ((rule.doseBrands ?? []).some((b) => brandKey(b) === brand)) return true;
    const dose = firstDose(tokens, hit.last, to) ?? firstDose(tokens, from, hit.first);
    if (!dose) return false;
    const max = dose.perMl ? rule.maxMgPerMl : rule.maxMgPerUnit;
    return max !== undefined && dose.mg <= max;
  }
  return true;
}

/** The list's form, or the form an adendo gives this preparation, with the notes to show. */
function resolveForm(hit: Hit, tokens: readonly Token[]) {
  const base = listForm(hit.substance.list);
  const notes: string[] = [];
  let applied: FormRule | undefined;
  const hints: string[] = [];
  for (const rule of hit.substance.rules) {
    if (!rule.form) {
      if (rule.note) notes.push(rule.note);
      continue;
    }
    if (applied) continue;
    if (ruleHolds(rule, hit, tokens)) applied = rule;
    else if (formRank(rule.form) < formRank(base))
      hints.push(`Exceção (${rule.citation}): ${rule.explain} vão ${inForm(rule.form)}.`);
  }
  const listNote = ANNEX.lists[hit.substance.list].note;
  if (listNote && (!applied || applied.form === base)) notes.unshift(listNote);
  if (!applied) return { form: base, notes: [...notes, ...hints] };
  return {
    form: applied.form!,
    notes,
    rule: { id: applied.id, citation: applied.citation, explain: applied.explain! },
  };
}

/** Exact matches: names, aliases, salts and brands, longest phrase first at each word. */
function exactHits(tokens: readonly Token[], stats: ClassifyStats): Hit[] {
  const hits: Hit[] = [];
  let i = 0;
  while (i < tokens.length) {
    const bucket = PHRASES.get(tokens[i]!.text);
    let found: { words: string[]; substance: Substance; kind: PhraseKind; brand?: string } | null =
      null;
    for (const phrase of bucket ?? []) {
      stats.exactProbes++;
      if (phrase.words.every((w, k) => tokens[i + k]?.text === w)) {
        found = phrase;
        break;
      }
    }
    if (!found) {
      i++;
      continue;
    }
    let first = i;
    let last = i + found.words.length;
    let kind: MatchKind = found.kind;
    // "cloridrato de sertralina" and "sertralina cloridrato" are the salt of the substance.
    if (kind === 'substance') {
      if (i >= 2 && tokens[i - 1]!.text === 'de' && SALT_WORDS.has(tokens[i - 2]!.text)) {
        kind = 'salt';
        first = i - 2;
      } else if (last < tokens.length && SALT_WORDS.has(tokens[last]!.text)) {
        kind = 'salt';
        last++;
      }
    }
    hits.push({
      substance: found.substance,
      kind,
      first,
      last,
      ...(found.brand ? { brand: found.brand } : {}),
    });
    i += found.words.length;
  }
  return hits;
}

/** Loose matches for words the exact pass did not explain, within a fixed budget of work. */
function fuzzyHits(
  tokens: readonly Token[],
  covered: Uint8Array,
  stats: ClassifyStats,
  limits: FuzzyLimits,
): Hit[] {
  const hits: Hit[] = [];
  const seen = new Map<string, Substance | null>();
  const budget: FuzzyBudget = { cells: 0, max: limits.cells };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (covered[i] || t.kind !== 'word' || t.text.length < FUZZY_MIN_LENGTH) continue;
    if (KNOWN_NOT_CONTROLLED.has(t.text) || PHRASES.has(t.text)) continue;
    let target = seen.get(t.text);
    if (target === undefined) {
      if (seen.size >= limits.words) continue;
      const folded = soundKey(t.text);
      target = folded.length >= FUZZY_MIN_LENGTH ? nearestSubstance(folded, budget) : null;
      seen.set(t.text, target);
      stats.fuzzyWords++;
    }
    if (target) hits.push({ substance: target, kind: 'fuzzy', first: i, last: i + 1 });
  }
  stats.fuzzyCells += budget.cells;
  return hits;
}

/** A fresh work counter, for callers that want to see what a classification cost. */
export const newStats = (): ClassifyStats => ({
  chars: 0,
  tokens: 0,
  exactProbes: 0,
  hits: 0,
  fuzzyWords: 0,
  fuzzyCells: 0,
});

/**
 * How much loose matching one text gets: distinct unknown words compared and edit-distance
 * cells. A medication row fits the defaults many times over; a free-text prescription (a
 * 'receituario' document) has more words and gets FREE_TEXT_FUZZY, still a fixed bound.
 */
export interface FuzzyLimits {
  words: number;
  cells: number;
}
const ROW_FUZZY: FuzzyLimits = { words: FUZZY_WORD_LIMIT, cells: FUZZY_CELL_BUDGET };
export const FREE_TEXT_FUZZY: FuzzyLimits = {
  words: 16 * FUZZY_WORD_LIMIT,
  cells: 8 * FUZZY_CELL_BUDGET,
};

interface FindOptions {
  stats?: ClassifyStats;
  fuzzy?: FuzzyLimits;
}

/** Each mention of a listed substance in a text, with the substance record behind it. */
export interface Mention {
  substance: Substance;
  classification: Classification;
}

/**
 * Every mention of a listed substance in a medication text, in text order: by substance name,
 * salt, brand, or a close misspelling of a name (see docs/controlled-drugs.md for the rules).
 * Work is linear in the text's length: one map lookup per word, plus a bounded fuzzy pass.
 */
export function findMentions(text: string, options: FindOptions = {}): Mention[] {
  const stats = options.stats ?? newStats();
  stats.chars += text.length;
  const tokens = tokenize(text);
  stats.tokens += tokens.length;
  const exact = exactHits(tokens, stats);
  const covered = new Uint8Array(tokens.length);
  for (const h of exact) covered.fill(1, h.first, h.last);
  const fuzzy = fuzzyHits(tokens, covered, stats, options.fuzzy ?? ROW_FUZZY);
  const hits = [...exact, ...fuzzy].sort((a, b) => a.first - b.first);
  stats.hits += hits.length;
  return hits.map((hit) => {
    const resolved = resolveForm(hit, tokens);
    return {
      substance: hit.substance,
      classification: {
        substance: hit.substance.display,
        list: hit.substance.list,
        form: resolved.form,
        matchedBy: hit.kind,
        matchedText: text.slice(tokens[hit.first]!.start, tokens[hit.last - 1]!.end),
        ...(hit.brand ? { brand: hit.brand } : {}),
        ...(resolved.rule ? { rule: resolved.rule } : {}),
        notes: resolved.notes,
      },
    };
  });
}

/** The classification of every mention, in text order. */
export const findControlledMatches = (text: string, options: FindOptions = {}) =>
  findMentions(text, options).map((m) => m.classification);

/** The mention needing the strictest form; the first one among equals. */
export function strictest<T extends { classification: Classification }>(items: readonly T[]) {
  let best: T | null = null;
  for (const item of items)
    if (!best || formRank(item.classification.form) > formRank(best.classification.form))
      best = item;
  return best;
}

/**
 * What the table says about one medication text, or null when it names no listed substance.
 * When a row names several (an association), the one needing the strictest form is returned.
 */
export function classifyMedication(
  text: string,
  options: { stats?: ClassifyStats } = {},
): Classification | null {
  return strictest(findMentions(text, options))?.classification ?? null;
}
