/**
 * Issue 15 item 1: every text entry point of src/notes does work proportional to its input, on
 * hostile input too. For each entry point and each hostile input (adversarial.ts), one call on
 * 200,000 characters is timed against sixteen calls on 12,500 characters (the same number of
 * characters, every result kept alive, so both runs allocate and retain as much and meet the
 * garbage collector alike). Linear work gives a ratio near 1; quadratic work 16. The bound is 8:
 * room for caches (the small input stays in them; a cheap pass over a large text misses them)
 * and a busy machine, half of 16. CPU time, the best of a few runs, the smaller of two attempts;
 * no absolute time is asserted, and calls under 20 ms at 200k are not compared (too fast to time
 * against caches and noise, and far from what quadratic work on 200k would cost).
 */
import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_INPUTS, bestCpuTime } from './adversarial.js';
import { TEXT_ENTRY_POINTS } from './entry-points.js';

const SMALL = 12_500;
const LARGE = 200_000;
const REPEATS = LARGE / SMALL;
/** Linear: ~1, up to ~7 for a cheap pass whose large input misses the caches. Quadratic: ~16. */
const MAX_RATIO = 8;
/**
 * Below this (ms at LARGE) caches and timer noise dominate, and the call is cheap enough either
 * way: quadratic work on 200,000 characters would take far longer.
 */
const NOISE_FLOOR_MS = 20;

describe.each(TEXT_ENTRY_POINTS)('%s runs in linear time', (_name, entry) => {
  it.each(ADVERSARIAL_INPUTS.map((input) => [input.name, input] as const))(
    'on %s',
    (_label, input) => {
      const small = input.build(SMALL);
      const large = input.build(LARGE);
      entry(small); // warm-up (compilation, caches)
      const repeated = () => {
        const kept: unknown[] = [];
        for (let i = 0; i < REPEATS; i++) kept.push(entry(small));
        return kept;
      };
      let ratio = Number.POSITIVE_INFINITY;
      let detail = '';
      for (let attempt = 0; attempt < 2 && ratio >= MAX_RATIO; attempt++) {
        const largeMs = bestCpuTime(() => entry(large), 2);
        if (largeMs < NOISE_FLOOR_MS) return;
        const smallMs = bestCpuTime(repeated, 2);
        if (largeMs / smallMs < ratio) {
          ratio = largeMs / smallMs;
          detail = `${smallMs.toFixed(1)} ms for ${REPEATS} x ${SMALL} chars, ${largeMs.toFixed(1)} ms for ${LARGE}`;
        }
      }
      expect(ratio, detail).toBeLessThan(MAX_RATIO);
    },
    60_000,
  );
});
