/**
 * Time vs size at every text entry point (issue 15 item 1), on the real services in this process
 * (see test/text-services.ts). For each entry point and a few hostile inputs, the CPU time of one
 * request at each size, the best of two, and the time per 1,000 characters: flat columns mean
 * linear work. Prints one Markdown table for docs/BENCHMARKS.md.
 *
 *   node --import tsx bench/text-entry-points.ts            (from the repo root)
 */
import { ADVERSARIAL_TEXTS, bestCpuMs } from '@pv/service-kit/testing';
import { startTextServices } from '../test/text-services.js';

const PICKED = [
  'realistic dictation',
  'nested separators',
  'e-mail-like token',
  'digit, separator',
  'one long word',
];
const FRACTIONS = [1 / 16, 1 / 8, 1 / 4, 1 / 2, 1];

const services = await startTextServices();
const rows: string[] = [];
try {
  for (const [name, call, sizes] of services.entryPoints) {
    for (const input of ADVERSARIAL_TEXTS.filter((i) => PICKED.includes(i.name))) {
      const cells: string[] = [];
      for (const fraction of FRACTIONS) {
        const size = Math.round(sizes.large * fraction);
        const text = `x${input.build(size - 1)}`;
        await call(text); // warm-up
        const ms = await bestCpuMs(() => call(text), 2);
        cells.push(`${ms.toFixed(1)} ms (${((ms / size) * 1000).toFixed(2)})`);
      }
      rows.push(`| ${name} | ${input.name} | ${cells.join(' | ')} |`);
      console.error(rows.at(-1));
    }
  }
} finally {
  await services.close();
}
const header = FRACTIONS.map((f) => `${f === 1 ? 'large' : `large/${1 / f}`}`).join(' | ');
console.log(`| entry point | input | ${header} |`);
console.log(`| --- | --- | ${FRACTIONS.map(() => '---:').join(' | ')} |`);
for (const row of rows) console.log(row);
process.exit(0);
