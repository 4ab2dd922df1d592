import { describe, expect, it } from 'vitest';
import {
  applyMedicalDictionary,
  buildMedicalDictionary,
  formatOffline,
} from '../../src/notes/index.js';
import { boundedLevenshtein } from '../../src/notes/reading/dictionary.js';
import { section, single } from './helpers.js';

const TERMS = [
  'losartana',
  'dipirona',
  'amoxicilina',
  'hidroclorotiazida',
  'nitrofurantoína',
  'doença de Crohn',
  'tosse',
  'levotiroxina',
  'sertralina',
];

const correct = (text: string, terms = TERMS) =>
  applyMedicalDictionary(text, buildMedicalDictionary(terms));

describe('medical dictionary', () => {
  it('computes a bounded Levenshtein distance', () => {
    expect(boundedLevenshtein('losartana', 'lozartana', 2)).toBe(1);
    expect(boundedLevenshtein('amoxicilina', 'amoxilina', 2)).toBe(2);
    expect(boundedLevenshtein('dipirona', 'paracetamol', 2)).toBe(3);
  });

  it('corrects one letter off for words of 5+ letters and two off for 9+', () => {
    const { text, corrections } = correct(
      'Em uso de lozartana e dipiroma. Iniciada amoxilina e idroclorotiazida.',
    );
    expect(text).toBe('Em uso de losartana e dipirona. Iniciada amoxicilina e hidroclorotiazida.');
    expect(corrections).toEqual([
      { from: 'lozartana', to: 'losartana' },
      { from: 'dipiroma', to: 'dipirona' },
      { from: 'amoxilina', to: 'amoxicilina' },
      { from: 'idroclorotiazida', to: 'hidroclorotiazida' },
    ]);
  });

  it('keeps the canonical spelling: accents and the capitals of proper names', () => {
    expect(correct('nitrofurantoina 100 mg; doenca de crohn').text).toBe(
      'nitrofurantoína 100 mg; doença de Crohn',
    );
    // A lower-case term follows the dictated capital at the start of a sentence.
    expect(correct('Sertralinna pela manhã.').text).toBe('Sertralina pela manhã.');
  });

  it('does not correct unrelated words', () => {
    const text =
      'Refere posse de arma, tosse seca, parte do dia, dorme pouco, usa diurético e sertão.';
    expect(correct(text)).toEqual({ text, corrections: [] });
    // Two letters off is too far for an 8-letter word ('dipirona' vs 'dipiroxa' would be one).
    expect(correct('diprxona').corrections).toEqual([]);
    // Short words are never corrected fuzzily.
    expect(correct('tose', ['tosse']).corrections).toEqual([]);
  });

  it('leaves a word equally close to two different terms alone', () => {
    expect(correct('cefalina', ['cefalexina', 'cefalotina']).corrections).toEqual([]);
    expect(correct('cefalexna', ['cefalexina', 'cefalotina']).text).toBe('cefalexina');
  });

  it('is applied by the offline formatter before the cues are read', () => {
    const note = single(
      formatOffline({
        text: 'Conduta: lozartana 50 mg uma vez ao dia.',
        professional: 'consulta_medica',
        medicalTerms: TERMS,
      }),
    );
    expect(section(note, 'plan')).toBe('- Losartana 50 mg uma vez ao dia');
  });
});
