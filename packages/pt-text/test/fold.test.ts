import { describe, expect, it } from 'vitest';
import { fold, foldForComparison, foldUnit, matchKey } from '../src/index.js';

describe('fold', () => {
  it('lower-cases and drops accents, keeping every offset', () => {
    const text = 'Pressão ARTERIAL: 12 por 8, Cefaléia, AÇÚCAR';
    const folded = fold(text);
    expect(folded).toBe('pressao arterial: 12 por 8, cefaleia, acucar');
    expect(folded.length).toBe(text.length);
  });

  it('reads typographic quotes, ordinals and the micro sign as their plain forms', () => {
    expect(fold('‘a’ “b” 1º 2ª 5 µg 5 μg')).toBe(`'a' "b" 1o 2a 5 ug 5 ug`);
  });

  it('keeps both halves of an emoji and folds letters of any script one unit to one', () => {
    const text = 'ok 😀 ΑΒΓ ß';
    const folded = fold(text);
    expect(folded.length).toBe(text.length);
    expect(folded).toBe('ok 😀 αβγ ß');
  });

  it('folds a unit the same way alone and inside a text', () => {
    for (const ch of 'ÁéÎõÜçÑ')
      expect(String.fromCharCode(foldUnit(ch.charCodeAt(0)))).toBe(fold(ch));
  });
});

describe('foldForComparison and matchKey', () => {
  it('compares a decomposed text equal to the composed one', () => {
    const composed = 'José  da Conceição';
    const decomposed = composed.normalize('NFD');
    expect(foldForComparison(decomposed)).toBe('jose da conceicao');
    expect(foldForComparison(composed)).toBe(foldForComparison(decomposed));
  });

  it('keeps letters and digits only, one space between runs', () => {
    expect(matchKey('  Ácido   valpróico, 250mg/5ml (xarope)! ')).toBe(
      'acido valproico 250mg 5ml xarope',
    );
    expect(matchKey('Clonazepam'.normalize('NFD'))).toBe('clonazepam');
    expect(matchKey('---')).toBe('');
  });
});
