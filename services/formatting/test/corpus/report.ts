/**
 * Prints the corpus score per specialty (Markdown), then every fact not in its field.
 *
 *   node --import tsx services/formatting/test/corpus/report.ts          (from the repo root)
 */
import { CORPUS, HELD_OUT, HELD_OUT_2 } from './index.js';
import { scoreCorpus } from './run.js';
import { renderMisses, renderTally } from './scorer.js';

const scores = scoreCorpus(CORPUS);
const heldOut = scoreCorpus(HELD_OUT);
const heldOut2 = scoreCorpus(HELD_OUT_2);
console.log(`Tuning corpus\n\n${renderTally(scores)}\n`);
console.log(`Held-out dictations (first set)\n\n${renderTally(heldOut)}\n`);
console.log(`Held-out dictations (second set)\n\n${renderTally(heldOut2)}\n`);
if (process.argv.includes('--misses'))
  console.log(renderMisses([...scores, ...heldOut, ...heldOut2]));
