/**
 * Placement of the structured record (issue 28 item 2): formats the held-out record corpus
 * offline and prints, per specialty, the share of stated facts in the right slot, how the drugs
 * in use and today's orders were told apart, and the entries not grounded in the dictation.
 *
 *   node --import tsx services/formatting/bench/record-placement.ts [--misses]
 */
import { RECORD_CORPUS } from '../test/record-corpus/index.js';
import {
  renderRecordMisses,
  renderRecordTable,
  scoreRecordCorpus,
} from '../test/record-corpus/record-scorer.js';

const scores = scoreRecordCorpus(RECORD_CORPUS);
console.log(renderRecordTable(scores));
if (process.argv.includes('--misses')) console.log(`\n${renderRecordMisses(scores)}`);
