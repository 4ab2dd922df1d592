/**
 * The held-out record corpus (issue 28 item 2): 42 dictations with the record each states,
 * written before the record extraction was tuned and kept apart from the formatter's tuning
 * corpus (test/corpus). Scored by record-scorer.ts; figures in docs/BENCHMARKS.md.
 */
import { FAMILY_AND_WORK_RECORDS } from './dictations-family-work.js';
import { HOME_AND_MENTAL_RECORDS } from './dictations-home-mental.js';
import { MEDICAL_RECORDS } from './dictations-medical.js';
import type { RecordDictation } from './types.js';

export const RECORD_CORPUS: readonly RecordDictation[] = [
  ...MEDICAL_RECORDS,
  ...FAMILY_AND_WORK_RECORDS,
  ...HOME_AND_MENTAL_RECORDS,
];
