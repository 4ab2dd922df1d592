/**
 * Pins what the documents' text readers answer (controlled-drug classification, the note's
 * sections and medication lines, quantities written in words) on every name and brand of the
 * Portaria 344 annex written the ways prescriptions arrive, the walkthrough note and hostile
 * units, before and after the shared pt-BR text engine (@pv/pt-text) replaced the local folding,
 * tokenizing and number words (issue 27). A change here is a behaviour change: write it in
 * docs/decisions.md, then regenerate with UPDATE_GOLDEN=1.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { numberToWords } from '@pv/pt-text';
import { compareWithGolden, type GoldenInput, goldenOutputs, linesOf } from '@pv/pt-text/testing';
import { describe, expect, it } from 'vitest';
import { parseConsultation, parseMedicationLine } from '../src/generation/consultation.js';
import { PHRASES } from '../src/generation/controlled/annex.js';
import { tokenize } from '../src/generation/controlled/text.js';
import {
  classifyMedication,
  findControlledDrug,
  findControlledMatches,
  normalizeForMatch,
} from '../src/generation/controlled-drugs.js';
import { quantityInWords } from '../src/generation/number-words.js';

const walkthrough = JSON.parse(
  readFileSync(new URL('./fixtures/walkthrough-note.json', import.meta.url), 'utf8'),
) as { dictation: string; noteText?: string };

/** Every way of writing a listed substance, as a prescription line would carry it. */
const phrases = [...new Set([...PHRASES.values()].flat().map((p) => p.brand ?? p.words.join(' ')))];
const SHAPES = [
  (name: string) => name,
  (name: string) => `${name.toUpperCase()} 2MG 1 CP À NOITE`,
  (name: string) => `${name} 0,5 mg/ml, tomar vinte gotas por trinta dias`,
  (name: string) => `- ${name} 25mg, tomar 1 comprimido de 12/12h por 30 dias`,
];
// Each phrase once, in the shapes taken in turn: every shape meets every kind of name.
const medicationLines: GoldenInput[] = phrases.map((name, i) => ({
  id: `annex:${name}`,
  text: (SHAPES[i % SHAPES.length] as (typeof SHAPES)[number])(name),
}));
const noteTexts: GoldenInput[] = [
  { id: 'walkthrough:dictation', text: walkthrough.dictation },
  ...linesOf('walkthrough', walkthrough.dictation),
];
const hostile: GoldenInput[] = ['a', 'é', '1', '1.', '1,', 'mg/', 'a1', 'ç̧', '😀', ' \n'].map(
  (unit) => ({
    id: `adversarial:${unit}`,
    text: unit.repeat(2_000),
  }),
);
const numbers: GoldenInput[] = [
  ...Array.from({ length: 131 }, (_, n) => n),
  ...Array.from({ length: 10 }, (_, n) => n * 100 + 1),
  ...Array.from({ length: 10 }, (_, n) => n * 111),
  1_999,
  2_000,
  21_021,
  100_100,
  1_000_000,
  999_999_999,
].map((n) => ({ id: `number:${n}`, text: String(n) }));

const TEXT_FUNCTIONS = [
  ['classifyMedication', (t: string) => classifyMedication(t)],
  ['findControlledMatches', (t: string) => findControlledMatches(t)],
  ['findControlledDrug', (t: string) => findControlledDrug(t)?.name ?? null],
  ['normalizeForMatch', normalizeForMatch],
  ['tokenize', (t: string) => tokenize(t)],
  ['parseMedicationLine', (t: string) => parseMedicationLine(t, () => false)],
  ['parseConsultation', (t: string) => parseConsultation(t, (s) => classifyMedication(s) !== null)],
] as const;

const NUMBER_FUNCTIONS = [
  ['numberToWords', (t: string) => numberToWords(Number(t))],
  ['numberToWords feminine', (t: string) => numberToWords(Number(t), 'feminine')],
  ['quantityInWords cápsulas', (t: string) => quantityInWords(t, 'cápsulas')],
] as const;

describe('golden outputs of the documents text readers (issue 27: one pt-BR text engine)', () => {
  it('answer as pinned on annex names, the walkthrough note, numbers and hostile units', () => {
    expect(medicationLines.length).toBeGreaterThan(300);
    const actual = {
      ...goldenOutputs(TEXT_FUNCTIONS, [...medicationLines, ...noteTexts, ...hostile]),
      ...goldenOutputs(NUMBER_FUNCTIONS, numbers),
    };
    const changed = compareWithGolden(
      fileURLToPath(new URL('./fixtures/text-engine.golden.json', import.meta.url)),
      actual,
    );
    expect(changed).toEqual([]);
  }, 300_000);
});
