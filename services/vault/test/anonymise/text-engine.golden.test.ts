/**
 * Pins what the scrubber and its text pieces answer on the vault's own corpora (every snippet
 * and its sentences, markup removed) and the adversarial inputs, before and after the shared
 * pt-BR text engine (@pv/pt-text) replaced the local folding, tokenizing and spoken-number
 * reading (issue 27). A change here is a behaviour change: write it in docs/decisions.md, then
 * regenerate with UPDATE_GOLDEN=1.
 */
import { fileURLToPath } from 'node:url';
import { fold, foldForComparison, tokenize } from '@pv/pt-text';
import { compareWithGolden, type GoldenInput, goldenOutputs, linesOf } from '@pv/pt-text/testing';
import { describe, expect, it } from 'vitest';
import { findPatientNames, identifierSpans, scrubText } from '../../src/anonymise/scrubber.js';
import { spokenNumberAt } from '../../src/anonymise/spoken-numbers.js';
import { CORPUS } from '../corpus.js';
import { ADVERSARIAL } from './adversarial.js';
import { CLINICAL } from './corpus-clinical.js';
import { HARD } from './corpus-hard.js';
import { HELD_OUT } from './corpus-held-out.js';
import { SPEECH } from './corpus-speech.js';
import { TYPED } from './corpus-typed.js';
import { parse } from './evaluate.js';

const snippets: GoldenInput[] = Object.entries({
  speech: SPEECH,
  typed: TYPED,
  clinical: CLINICAL,
  hard: HARD,
  heldout: HELD_OUT,
}).flatMap(([name, list]) => list.map((s, i) => ({ id: `${name}:${i}`, text: parse(s).text })));
const consults: GoldenInput[] = CORPUS.flatMap((c, i) =>
  [c.raw, c.formatted, c.edited ?? ''].map((text, k) => ({ id: `consult:${i}.${k}`, text })),
);
const lines = [...snippets, ...consults].flatMap((s) => linesOf(s.id, s.text));
const hostile = Object.entries(ADVERSARIAL).map(([name, build]) => ({
  id: `adversarial:${name}`,
  text: build(2_000),
}));

/** Every dictated number the token list holds, read from each token that starts one. */
function spokenNumbers(text: string) {
  const toks = tokenize(text);
  const found = [];
  for (let i = 0; i < toks.length; i++) {
    const number = spokenNumberAt(toks, i);
    if (number) found.push(number);
  }
  return found;
}

const FUNCTIONS = [
  ['scrubText', (t: string) => scrubText(t)],
  ['identifierSpans', (t: string) => identifierSpans(t)],
  ['findPatientNames', (t: string) => findPatientNames(t)],
  ['foldKeepingOffsets', fold],
  ['normaliseForComparison', foldForComparison],
  [
    'tokenize',
    (t: string) =>
      tokenize(t).map((k) => [
        k.kind,
        k.start,
        k.end,
        k.folded,
        k.spaceBefore,
        k.lineBefore,
        k.capitalised,
        k.allCaps,
      ]),
  ],
  ['spokenNumbers', spokenNumbers],
] as const;

describe('golden outputs of the scrubber (issue 27: one pt-BR text engine)', () => {
  it('answers as pinned on every snippet, consult text, sentence and hostile input', () => {
    expect(lines.length).toBeGreaterThan(300);
    const actual = goldenOutputs(FUNCTIONS, [...snippets, ...consults, ...lines, ...hostile]);
    const changed = compareWithGolden(
      fileURLToPath(new URL('./text-engine.golden.json', import.meta.url)),
      actual,
    );
    expect(changed).toEqual([]);
  }, 300_000);
});
