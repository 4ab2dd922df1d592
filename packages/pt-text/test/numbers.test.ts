import { describe, expect, it } from 'vitest';
import {
  fold,
  numberText,
  numberToWords,
  parsePtNumber,
  readNumberWords,
  type WordSequence,
  wordListSequence,
  words,
} from '../src/index.js';

/** The number read from the first word of a dictated phrase, and how many words it took. */
function read(phrase: string, reading = {}) {
  const folded = fold(phrase);
  const list = words(folded);
  return readNumberWords(wordListSequence(folded, list), 0, reading);
}

describe('reading numbers said in pt-BR words', () => {
  it.each([
    ['cento e vinte e cinco', 125, 5],
    ['dezoito anos', 18, 1],
    ['trezentos', 300, 1],
    ['dois mil e dezoito', 2018, 4],
    ['mil novecentos e oitenta', 1980, 4],
    ['mil e oitocentas gramas', 1800, 3],
    ['cem mil', 100_000, 2],
    ['quatorze', 14, 1],
    ['catorze', 14, 1],
    ['três', 3, 1],
  ])('%s -> %d (%d words)', (phrase, value, taken) => {
    expect(read(phrase)).toEqual({ value, next: taken });
  });

  it('adds a half only where the reader asks for halves', () => {
    expect(read('trinta e oito e meio', { halves: true })).toEqual({ value: 38.5, next: 5 });
    expect(read('trinta e oito e meio')).toEqual({ value: 38, next: 3 });
  });

  it("keeps 'cem' alone, refuses 'e zero', and reads a lone 'cento' only when asked", () => {
    expect(read('cem e vinte')).toEqual({ value: 100, next: 1 });
    expect(read('cento e zero')).toBeNull();
    expect(read('cento e zero', { loneCento: true })).toEqual({ value: 100, next: 1 });
    expect(read('por cento')).toBeNull();
  });

  it('takes extra unit words from the caller', () => {
    const meia = { extraUnits: new Map([['meia', 6]]) };
    expect(read('noventa e meia', meia)).toEqual({ value: 96, next: 3 });
    expect(read('noventa e meia')).toEqual({ value: 90, next: 1 });
  });

  it('stops where the words are not said together', () => {
    expect(read('vinte, e cinco')).toEqual({ value: 20, next: 1 });
    expect(read('vinte e     cinco')).toEqual({ value: 20, next: 1 });
    const apart: WordSequence = {
      word: (i) => ['vinte', 'e', 'cinco'][i] ?? '',
      together: (i) => i !== 1,
    };
    expect(readNumberWords(apart, 0)).toEqual({ value: 20, next: 1 });
  });

  it('parses a text that is exactly one number', () => {
    expect(parsePtNumber('quarenta e cinco')).toBe(45);
    expect(parsePtNumber(' 120 ')).toBe(120);
    expect(parsePtNumber('trinta e sete e meio')).toBe(37.5);
    expect(parsePtNumber('quarenta e cinco anos')).toBeNull();
    expect(parsePtNumber('12 por 8')).toBeNull();
    expect(numberText(38.5)).toBe('38,5');
  });
});

describe('writing numbers in pt-BR words', () => {
  it.each([
    [0, 'masculine', 'zero'],
    [1, 'feminine', 'uma'],
    [21, 'masculine', 'vinte e um'],
    [100, 'masculine', 'cem'],
    [101, 'masculine', 'cento e um'],
    [200, 'feminine', 'duzentas'],
    [1_200, 'masculine', 'mil e duzentos'],
    [1_230, 'masculine', 'mil duzentos e trinta'],
    [2_500_000, 'masculine', 'dois milhões e quinhentos mil'],
  ] as const)('%d (%s) -> %s', (value, gender, text) => {
    expect(numberToWords(value, gender)).toBe(text);
  });

  it('reads back what it writes, for every number below ten thousand', () => {
    for (let n = 0; n < 10_000; n++) expect(parsePtNumber(fold(numberToWords(n)))).toBe(n);
  });

  it('refuses what it cannot write', () => {
    expect(() => numberToWords(1.5)).toThrow(RangeError);
    expect(() => numberToWords(1_000_000_000)).toThrow(RangeError);
  });
});
