/**
 * Time against size for the scrubber on adversarial inputs (test/anonymise/adversarial.ts) and on
 * ordinary dictation: a linear scrubber's time grows with size, a quadratic one's with its square.
 * Prints, per input, the best of 3 runs (wall clock) at each size, then the work counted: token
 * reads per token at the largest size, and the growth of reads per character from the smallest to
 * the largest size (1.00 = exactly linear). The wall clock depends on the machine's load; the
 * counts do not.
 *
 *   node --import tsx services/vault/bench/scrubber-linear.ts [sizes...]      (repo root)
 */
import { MAX_SCRUB_CHARS, scrubText, tokenReads } from '../src/anonymise/scrubber.js';
import { ADVERSARIAL } from '../test/anonymise/adversarial.js';
import { SPEECH } from '../test/anonymise/corpus-speech.js';
import { parse } from '../test/anonymise/evaluate.js';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const SIZES = sizes.length > 0 ? sizes : [10_000, 50_000, 100_000, 200_000, 400_000];
const FIRST = SIZES[0] as number;
const LAST = SIZES.at(-1) as number;
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
const header = SIZES.map((s) => `${s / 1000}k`.padStart(9));
console.log(['input'.padEnd(26), ...header, '  reads/token  growth'].join(''));
let worst = { name: '', ms: 0 };
for (const [name, make] of inputs) {
  const times = SIZES.map((n) => best(make(n)));
  const last = times.at(-1) as number;
  if (last > worst.ms) worst = { name, ms: last };
  const small = tokenReads(make(FIRST));
  const large = tokenReads(make(LAST));
  const perToken = large.reads / Math.max(large.tokens, 1);
  const growth = large.reads / LAST / (small.reads / FIRST || 1);
  const cells = times.map((t) => `${t.toFixed(1)}ms`.padStart(9));
  console.log(
    [
      name.padEnd(26),
      ...cells,
      perToken.toFixed(1).padStart(13),
      growth.toFixed(2).padStart(8),
    ].join(''),
  );
}
console.log(`slowest at ${LAST / 1000}k: ${worst.name}, ${worst.ms.toFixed(0)} ms`);
