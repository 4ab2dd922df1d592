/**
 * Prints the corpus score per specialty (Markdown), then every fact not in its field.
 *
 *   node --import tsx services/formatting/test/corpus/report.ts          (from the repo root)
 */
import { CORPUS } from './index.js';
import { scoreCorpus } from './run.js';
import { renderMisses, renderTally } from './scorer.js';

const scores = scoreCorpus(CORPUS);
console.log(`Tuning corpus\n\n${renderTally(scores)}\n`);
if (process.argv.includes('--misses')) console.log(renderMisses(scores));
