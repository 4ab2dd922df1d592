/**
 * Pins what every text-reading function of src/notes answers on the formatter's own corpora (whole
 * dictations and their sentences) and the adversarial units, before and after the shared pt-BR
 * text engine (@pv/pt-text) replaced the local folding, tokenizing and number reading (issue 27).
 * A change here is a behaviour change: write it in docs/decisions.md, then UPDATE_GOLDEN=1.
 */
import { fileURLToPath } from 'node:url';
import { fold, parsePtNumber } from '@pv/pt-text';
import { compareWithGolden, type GoldenInput, goldenOutputs, linesOf } from '@pv/pt-text/testing';
import { describe, expect, it } from 'vitest';
import { withDigits } from '../../src/notes/reading/numbers.js';
import { splitSentences } from '../../src/notes/reading/text.js';
import { tokenize } from '../../src/notes/reading/tokens.js';
import { HELD_OUT, HELD_OUT_2, CORPUS as LABELLED } from '../corpus/index.js';
import { ADVERSARIAL_INPUTS } from '../notes/adversarial.js';
import { CORPUS as ROUTE_CORPUS } from '../notes/corpus.js';
import { TEXT_ENTRY_POINTS } from '../notes/entry-points.js';
import { RECORD_CORPUS } from '../record-corpus/index.js';

const dictations: GoldenInput[] = [
  ...[...LABELLED, ...HELD_OUT, ...HELD_OUT_2].map((d) => ({ id: `corpus:${d.id}`, text: d.text })),
  ...RECORD_CORPUS.map((d) => ({ id: `record:${d.id}`, text: d.text })),
  ...Object.entries(ROUTE_CORPUS).map(([key, entry]) => ({ id: `route:${key}`, text: entry.text })),
];
const lines = dictations.flatMap((d) => linesOf(d.id, d.text));
const hostile = ADVERSARIAL_INPUTS.map((input) => ({
  id: `adversarial:${input.name}`,
  text: input.build(2_000),
}));

/** The engine's own pieces as the notes use them, on every line. */
const ENGINE_FUNCTIONS = [
  ['fold', fold],
  ['tokenize', (t: string) => tokenize(t, fold(t))],
  ['splitSentences', (t: string) => splitSentences(t, fold(t))],
  ['withDigits', (t: string) => withDigits(t, fold(t))],
  ['parsePtNumber', (t: string) => parsePtNumber(fold(t))],
] as const;

describe('golden outputs of the notes (issue 27: one pt-BR text engine)', () => {
  it('every entry point answers as pinned on whole dictations and hostile units', () => {
    const actual = goldenOutputs(TEXT_ENTRY_POINTS, [...dictations, ...hostile]);
    const changed = compareWithGolden(
      fileURLToPath(new URL('./entry-points.golden.json', import.meta.url)),
      actual,
    );
    expect(changed).toEqual([]);
  }, 300_000);

  it('the engine pieces answer as pinned on every dictated sentence', () => {
    expect(lines.length).toBeGreaterThan(300);
    const actual = goldenOutputs(ENGINE_FUNCTIONS, [...lines, ...hostile]);
    const changed = compareWithGolden(
      fileURLToPath(new URL('./engine.golden.json', import.meta.url)),
      actual,
    );
    expect(changed).toEqual([]);
  }, 300_000);
});
