/**
 * Scores the scrubber on the labelled corpus. An identifier counts as removed only when every
 * letter and digit of it is inside a replaced span (half a name is a leak); a clinical word counts
 * as over-scrubbed when any of its letters is replaced. Collateral: of the words that are neither
 * identifiers nor marked clinical words, the share replaced.
 */
import { consultSpans, type Span } from '../../src/anonymise/scrubber.js';

export interface Labelled {
  text: string;
  identifiers: { start: number; end: number; kind: string; value: string }[];
  clinical: { start: number; end: number; value: string }[];
}

const MARK = /\{\{(\w+):([^}]*)\}\}|<<([^>]*)>>/g;

/** The snippet without markup, and where its identifiers and clinical words are. */
export function parse(snippet: string): Labelled {
  const identifiers: Labelled['identifiers'] = [];
  const clinical: Labelled['clinical'] = [];
  let text = '';
  let last = 0;
  for (const m of snippet.matchAll(MARK)) {
    text += snippet.slice(last, m.index);
    const value = (m[2] ?? m[3]) as string;
    const start = text.length;
    text += value;
    if (m[1]) identifiers.push({ start, end: text.length, kind: m[1], value });
    else clinical.push({ start, end: text.length, value });
    last = (m.index ?? 0) + m[0].length;
  }
  text += snippet.slice(last);
  return { text, identifiers, clinical };
}

const ALNUM = /[\p{L}\p{N}]/u;

function coveredMask(length: number, spans: readonly Span[]): Uint8Array {
  const mask = new Uint8Array(length);
  for (const s of spans) mask.fill(1, s.start, Math.min(s.end, length));
  return mask;
}

export interface Miss {
  snippet: string;
  value: string;
  kind: string;
}

export interface Score {
  snippets: number;
  identifiers: number;
  removed: number;
  recall: number;
  byKind: Record<string, { total: number; removed: number }>;
  clinicalWords: number;
  overScrubbed: number;
  overScrubRate: number;
  otherWords: number;
  collateral: number;
  collateralRate: number;
  leaks: Miss[];
  overScrubs: Miss[];
}

export function score(snippets: readonly string[]): Score {
  const s: Score = {
    snippets: snippets.length,
    identifiers: 0,
    removed: 0,
    recall: 1,
    byKind: {},
    clinicalWords: 0,
    overScrubbed: 0,
    overScrubRate: 0,
    otherWords: 0,
    collateral: 0,
    collateralRate: 0,
    leaks: [],
    overScrubs: [],
  };
  for (const snippet of snippets) {
    const labelled = parse(snippet);
    const found = consultSpans([labelled.text]).texts[0];
    const mask = coveredMask(labelled.text.length, found?.spans ?? []);
    const inside = new Uint8Array(labelled.text.length);
    for (const id of labelled.identifiers) {
      inside.fill(1, id.start, id.end);
      let whole = true;
      for (let i = id.start; i < id.end; i++)
        if (ALNUM.test(labelled.text[i] as string) && !mask[i]) whole = false;
      const kind = s.byKind[id.kind] ?? { total: 0, removed: 0 };
      s.byKind[id.kind] = kind;
      kind.total++;
      s.identifiers++;
      if (whole) {
        kind.removed++;
        s.removed++;
      } else s.leaks.push({ snippet: labelled.text, value: id.value, kind: id.kind });
    }
    for (const word of labelled.clinical) {
      inside.fill(1, word.start, word.end);
      s.clinicalWords++;
      if (mask.subarray(word.start, word.end).some((v) => v === 1)) {
        s.overScrubbed++;
        s.overScrubs.push({ snippet: labelled.text, value: word.value, kind: 'clinical' });
      }
    }
    for (const m of labelled.text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const start = m.index ?? 0;
      if (inside[start]) continue;
      s.otherWords++;
      if (mask[start]) s.collateral++;
    }
  }
  s.recall = s.identifiers === 0 ? 1 : s.removed / s.identifiers;
  s.overScrubRate = s.clinicalWords === 0 ? 0 : s.overScrubbed / s.clinicalWords;
  s.collateralRate = s.otherWords === 0 ? 0 : s.collateral / s.otherWords;
  return s;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** One line per figure, as the bench prints them. */
export function describe(name: string, s: Score): string {
  const kinds = Object.entries(s.byKind)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v.removed}/${v.total}`)
    .join(', ');
  return [
    `${name}: ${s.snippets} snippets`,
    `  identifier recall ${pct(s.recall)} (${s.removed}/${s.identifiers}) — ${kinds}`,
    `  clinical words over-scrubbed ${pct(s.overScrubRate)} (${s.overScrubbed}/${s.clinicalWords})`,
    `  other words replaced ${pct(s.collateralRate)} (${s.collateral}/${s.otherWords})`,
  ].join('\n');
}
