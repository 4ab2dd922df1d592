/**
 * Time against size for the text entry points of src/notes (test/notes/entry-points.ts) on the hostile inputs of
 * test/notes/adversarial.ts (issue 15: linear-time text handling).
 *
 *   node --import tsx services/formatting/bench/offline-formatter-scaling.ts           (repo root)
 *   BENCH_SIZES=10000,100000 BENCH_INPUTS=digits,spaces node --import tsx ...
 *
 * For each entry point and input: CPU time (best of BENCH_RUNS, default 3) at each size, and the
 * time per 1,000 characters at the largest size over that at the smallest (1.0 = linear; a
 * quadratic entry point would show the size ratio, here 40). Only the worst inputs of each entry
 * point are printed (BENCH_TOP, default 3), with the realistic dictation for comparison.
 */
import { ADVERSARIAL_INPUTS, bestCpuTime } from '../test/notes/adversarial.js';
import { TEXT_ENTRY_POINTS } from '../test/notes/entry-points.js';

const SIZES = (process.env.BENCH_SIZES ?? '10000,25000,50000,100000,200000,400000')
  .split(',')
  .map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOP = Number(process.env.BENCH_TOP ?? 3);
const ONLY = process.env.BENCH_INPUTS?.split(',');

const inputs = ADVERSARIAL_INPUTS.filter((i) => !ONLY || ONLY.includes(i.name));
const smallest = SIZES[0] as number;
const largest = SIZES[SIZES.length - 1] as number;

console.log(
  `CPU time (ms, best of ${RUNS}) by input size (characters); Node ${process.version}.\n` +
    `'per-char growth' = (ms per char at ${largest.toLocaleString('en-US')}) / (ms per char at ${smallest.toLocaleString('en-US')}): 1 is linear, ${largest / smallest} would be quadratic.\n`,
);
console.log(
  `| entry point | input | ${SIZES.map((s) => s.toLocaleString('en-US')).join(' | ')} | per-char growth |`,
);
console.log(`|---|---|${SIZES.map(() => '---:').join('|')}|---:|`);
for (const [name, entry] of TEXT_ENTRY_POINTS) {
  const rows: { input: string; times: number[]; growth: number }[] = [];
  for (const input of inputs) {
    const times = SIZES.map((size) => {
      const text = input.build(size);
      entry(text);
      return bestCpuTime(() => entry(text), RUNS);
    });
    const first = Math.max(times[0] as number, 0.05);
    const growth = (times[times.length - 1] as number) / largest / (first / smallest);
    rows.push({ input: input.name, times, growth });
  }
  rows.sort(
    (a, b) => (b.times[b.times.length - 1] as number) - (a.times[a.times.length - 1] as number),
  );
  const shown = rows.slice(0, TOP);
  const realistic = rows.find((r) => r.input === 'realistic dictation');
  if (realistic && !shown.includes(realistic)) shown.push(realistic);
  for (const row of shown) {
    console.log(
      `| ${name} | ${row.input} | ${row.times.map((t) => t.toFixed(1)).join(' | ')} | ${row.growth.toFixed(2)} |`,
    );
  }
}
