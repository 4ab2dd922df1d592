/**
 * The scrubber's figures on the labelled corpus (tuning set and held-out set): identifier recall,
 * clinical words over-scrubbed and collateral replacement; and the known-hard cases, for the limits. With --misses, every leak and every
 * over-scrubbed word.
 *
 *   node --import tsx services/vault/bench/scrubber-corpus.ts [--misses]      (repo root)
 */
import { CLINICAL } from '../test/anonymise/corpus-clinical.js';
import { HARD } from '../test/anonymise/corpus-hard.js';
import { HELD_OUT } from '../test/anonymise/corpus-held-out.js';
import { SPEECH } from '../test/anonymise/corpus-speech.js';
import { TYPED } from '../test/anonymise/corpus-typed.js';
import { describe, type Score, score } from '../test/anonymise/evaluate.js';

const sets: [string, string[]][] = [
  ['tuning, speech style', SPEECH],
  ['tuning, typed', TYPED],
  ['tuning, clinical words only', CLINICAL],
  ['tuning, all', [...SPEECH, ...TYPED, ...CLINICAL]],
  ['held-out (written after tuning)', HELD_OUT],
  ['known-hard cases (written to fail)', HARD],
];
const misses = process.argv.includes('--misses');

for (const [name, snippets] of sets) {
  const s: Score = score(snippets);
  console.log(describe(name, s));
  if (misses && !name.endsWith('all')) {
    for (const leak of s.leaks)
      console.log(`    LEAK ${leak.kind} "${leak.value}" in: ${leak.snippet}`);
    for (const over of s.overScrubs) console.log(`    OVER "${over.value}" in: ${over.snippet}`);
  }
}
