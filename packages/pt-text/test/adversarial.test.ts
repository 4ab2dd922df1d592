/**
 * Every function of the engine on long runs of the characters that make text readers slow: one
 * call on twice the input must cost about what two calls on the input cost (linear), measured in
 * this thread's CPU time, the best of a few runs (less disturbed by other processes than wall
 * time, and by the garbage collector's and compiler's helper threads than the process's time).
 * Both sides allocate as much and keep it alive, so a large heap left by other test files in the
 * same worker slows them alike.
 */
import { describe, expect, it } from 'vitest';
import {
  fold,
  foldForComparison,
  matchKey,
  parsePtNumber,
  readNumberWords,
  tokenize,
  wordListSequence,
  words,
} from '../src/index.js';

const fill = (unit: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

const UNITS: Record<string, string> = {
  letters: 'a',
  accented: 'é',
  decomposed: 'e\u0301',
  digits: '1',
  spaces: ' ',
  emoji: '😀',
  'number words': 'cento e vinte e ',
  'mil repeated': 'mil ',
  'e repeated': 'e ',
  'halves repeated': 'e meio ',
  punctuation: '.,;:-/',
};

/** Every reader of the engine as a function of one text. */
const READERS: Record<string, (text: string) => unknown> = {
  fold,
  foldForComparison,
  matchKey,
  words: (t) => words(fold(t)),
  tokenize: (t) => tokenize(t),
  parsePtNumber: (t) => parsePtNumber(fold(t)),
  'readNumberWords at every word': (t) => {
    const folded = fold(t);
    const list = words(folded);
    const seq = wordListSequence(folded, list);
    for (let i = 0; i < list.length; i++) readNumberWords(seq, i, { halves: true });
  },
};

function cpuMs(fn: () => unknown, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < runs; k++) {
    const start = process.threadCpuUsage();
    fn();
    const used = process.threadCpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

describe('the engine is linear on hostile text', () => {
  for (const [reader, fn] of Object.entries(READERS)) {
    it(`${reader}: 400,000 characters cost about twice 200,000, for every hostile unit`, () => {
      for (const [name, unit] of Object.entries(UNITS)) {
        const small = fill(unit, 200_000);
        const large = fill(unit, 400_000);
        fn(small); // warm-up
        let detail = '';
        let over = Number.POSITIVE_INFINITY;
        // The better of two attempts: one pause of the machine does not fail the test.
        for (let attempt = 0; attempt < 2 && over >= 0; attempt++) {
          const twiceSmallMs = cpuMs(() => [fn(small), fn(small)]);
          const largeMs = cpuMs(() => fn(large));
          // At most twice the cost of the same characters in two calls, plus a few milliseconds
          // of scheduling noise: a quadratic reader takes seconds here.
          const bound = 2 * twiceSmallMs + 25;
          if (largeMs - bound < over) {
            over = largeMs - bound;
            detail = `${reader} on ${name}: ${twiceSmallMs} ms for 2 x 200,000, then ${largeMs} ms for 400,000`;
          }
        }
        expect(over, detail).toBeLessThan(0);
      }
    }, 120_000);
  }
});
