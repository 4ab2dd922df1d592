import { FUZZY_BY_LENGTH, type FuzzyEntry, listForm, type Substance } from './annex.js';
import { formRank } from './types.js';

/** Up to this many distinct unknown words of a text are compared loosely. */
export const FUZZY_WORD_LIMIT = 64;
/** Hard cap on edit-distance cells for one text, whatever its size or shape. */
export const FUZZY_CELL_BUDGET = 1_500_000;
/** Longer words cannot be near any name in the table; they are not compared. */
const MAX_WORD = 48;

/** Edits allowed: one for words of up to 8 letters, two for longer ones. */
export const allowedEdits = (shorter: number) => (shorter <= 8 ? 1 : 2);

const ROWS = [
  new Int32Array(MAX_WORD + 4),
  new Int32Array(MAX_WORD + 4),
  new Int32Array(MAX_WORD + 4),
];
const FAR = 1 << 20;

export interface FuzzyBudget {
  cells: number;
  /** Cells allowed before giving up (FUZZY_CELL_BUDGET unless the caller reads a longer text). */
  max?: number;
}

/**
 * Optimal string alignment distance (a swap of neighbours is one edit) computed only in the band
 * |i - j| <= limit, giving up as soon as a whole row exceeds the limit. Returns limit + 1 for
 * anything farther. Cells computed are added to the budget.
 */
export function boundedDistance(a: string, b: string, limit: number, budget: FuzzyBudget): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > limit) return limit + 1;
  let [older, prev, cur] = ROWS as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) prev[j] = j <= limit ? j : FAR;
  for (let i = 1; i <= m; i++) {
    const lo = Math.max(1, i - limit);
    const hi = Math.min(n, i + limit);
    cur[lo - 1] = lo === 1 ? i : FAR;
    if (hi < n) cur[hi + 1] = FAR;
    let rowMin = cur[lo - 1]!;
    for (let j = lo; j <= hi; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let best = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        best = Math.min(best, older[j - 2]! + 1);
      cur[j] = best;
      if (best < rowMin) rowMin = best;
    }
    budget.cells += hi - lo + 1;
    if (rowMin > limit) return limit + 1;
    [older, prev, cur] = [prev, cur, older];
  }
  return Math.min(prev[n]!, limit + 1);
}

/**
 * The controlled substance a folded word is a slip of, or null. The nearest entry of the
 * dictionary wins; a known non-controlled word at the same distance wins over a controlled
 * one (a misspelt 'prometazina' must not become 'promazina'), and between two controlled
 * substances at the same distance the stricter list is taken.
 */
export function nearestSubstance(folded: string, budget: FuzzyBudget): Substance | null {
  if (folded.length > MAX_WORD) return null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let best: FuzzyEntry[] = [];
  for (let len = folded.length - 2; len <= folded.length + 2; len++) {
    for (const entry of FUZZY_BY_LENGTH.get(len) ?? []) {
      if (budget.cells >= (budget.max ?? FUZZY_CELL_BUDGET)) return null;
      const limit = allowedEdits(Math.min(folded.length, len));
      const d = boundedDistance(folded, entry.folded, limit, budget);
      if (d > limit || d > bestDistance) continue;
      if (d < bestDistance) {
        bestDistance = d;
        best = [];
      }
      best.push(entry);
    }
  }
  if (best.length === 0 || best.some((e) => e.target === null)) return null;
  let chosen = best[0]!.target!;
  for (const e of best)
    if (formRank(listForm(e.target!.list)) > formRank(listForm(chosen.list))) chosen = e.target!;
  return chosen;
}
