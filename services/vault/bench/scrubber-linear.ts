/**
 * Time against size for the scrubber on adversarial inputs (test/anonymise/adversarial.ts) and on
 * ordinary dictation: a linear scrubber's time grows with size, a quadratic one's with its square.
 * Prints, per input, the best of 3 runs at each size, and the ratio of the largest to the smallest
 * per character.
 *
 *   node --import tsx services/vault/bench/scrubber-linear.ts [sizes...]      (repo root)
 */
import { MAX_SCRUB_CHARS, scrubText } from '../src/anonymise/scrubber.js';
import { ADVERSARIAL } from '../test/anonymise/adversarial.js';
import { SPEECH } from '../test/anonymise/corpus-speech.js';
import { parse } from '../test/anonymise/evaluate.js';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const SIZES = sizes.length > 0 ? sizes : [10_000, 50_000, 100_000, 200_000, 400_000];
const dictation = SPEECH.map((s) => parse(s).text).join(' ');
const inputs: [string, (n: number) => string][] = [
  ['ordinary dictation', (n) => dictation.repeat(Math.ceil(n / dictation.length)).slice(0, n)],
  ...Object.entries(ADVERSARIAL),
];

function best(text: string): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    scrubText(text);
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

console.log(`max input ${MAX_SCRUB_CHARS} characters (longer texts are cut there)`);
console.log(
  ['input'.padEnd(26), ...SIZES.map((s) => `${s / 1000}k`.padStart(9)), '  per-char ratio'].join(
    '',
  ),
);
let worst = { name: '', ms: 0 };
for (const [name, make] of inputs) {
  const times = SIZES.map((n) => best(make(n)));
  const last = times.at(-1) as number;
  if (last > worst.ms) worst = { name, ms: last };
  const ratio = last / (SIZES.at(-1) as number) / ((times[0] as number) / (SIZES[0] as number));
  console.log(
    [
      name.padEnd(26),
      ...times.map((t) => `${t.toFixed(1)}ms`.padStart(9)),
      `  ${ratio.toFixed(2)}`,
    ].join(''),
  );
}
console.log(
  `slowest at ${(SIZES.at(-1) as number) / 1000}k: ${worst.name}, ${worst.ms.toFixed(0)} ms`,
);
