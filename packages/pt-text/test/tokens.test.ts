import { describe, expect, it } from 'vitest';
import { tokenize } from '../src/index.js';

const view = (text: string) =>
  tokenize(text).map((t) => [
    t.kind,
    t.text,
    t.folded,
    t.spaceBefore,
    t.lineBefore,
    t.capitalised,
    t.allCaps,
  ]);

describe('tokenize', () => {
  it('cuts words, numbers and single marks, each folded, whitespace as flags', () => {
    expect(view('Dona MARIA, 45a\nPA: 12/8')).toEqual([
      ['word', 'Dona', 'dona', true, true, true, false],
      ['word', 'MARIA', 'maria', true, false, false, true],
      ['punct', ',', ',', false, false, false, false],
      ['number', '45', '45', true, false, false, false],
      ['word', 'a', 'a', false, false, false, false],
      ['word', 'PA', 'pa', true, true, false, true],
      ['punct', ':', ':', false, false, false, false],
      ['number', '12', '12', true, false, false, false],
      ['punct', '/', '/', false, false, false, false],
      ['number', '8', '8', false, false, false, false],
    ]);
  });

  it('keeps a combining mark with its letter and an emoji as one mark per half', () => {
    const decomposed = 'Jose\u0301 😀';
    const tokens = tokenize(decomposed);
    expect(tokens[0]).toMatchObject({ kind: 'word', text: 'Jose\u0301', start: 0, end: 5 });
    expect(tokens.slice(1).map((t) => t.kind)).toEqual(['punct', 'punct']);
  });

  it('gives offsets that slice the original text', () => {
    const text = '  Pressão   arterial — 120 x 80 mmHg.';
    for (const t of tokenize(text)) expect(text.slice(t.start, t.end)).toBe(t.text);
  });
});
