/**
 * Prints the corpus score per specialty (Markdown), then every fact not in its field.
 *
 *   node --import tsx services/formatting/test/corpus/report.ts          (from the repo root)
 */
import { CORPUS, HELD_OUT } from './index.js';
import { scoreCorpus } from './run.js';
import { renderMisses, renderTally } from './scorer.js';

const scores = scoreCorpus(CORPUS);
const heldOut = scoreCorpus(HELD_OUT);
console.log(`Tuning corpus\n\n${renderTally(scores)}\n`);
console.log(`Held-out dictations\n\n${renderTally(heldOut)}\n`);
if (process.argv.includes('--misses')) console.log(renderMisses([...scores, ...heldOut]));
