/**
 * The structured record on the held-out record corpus (issue 28 item 2): at least 97% of the
 * stated facts in the right slot, drugs in use told from today's orders at least 95% of the
 * time, and no entry the dictation did not state. Figures per specialty: docs/BENCHMARKS.md.
 */
import { describe, expect, it } from 'vitest';
import { RECORD_CORPUS } from './index.js';
import { renderRecordMisses, scoreRecordCorpus, tallyRecords } from './record-scorer.js';

describe('record placement on the held-out record corpus', () => {
  const scores = scoreRecordCorpus(RECORD_CORPUS);
  const total = tallyRecords(scores);

  it('has at least 40 dictations, each with its expected record', () => {
    expect(RECORD_CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(RECORD_CORPUS.map((d) => d.id)).size).toBe(RECORD_CORPUS.length);
  });

  it('puts at least 97% of the stated facts in the right slot', () => {
    expect(total.right / total.facts, renderRecordMisses(scores)).toBeGreaterThanOrEqual(0.97);
  });

  it('tells the drugs in use from those prescribed today at least 95% of the time', () => {
    expect(total.medications.right / total.medications.total).toBeGreaterThanOrEqual(0.95);
  });

  it('invents nothing: every entry is grounded in its dictation', () => {
    expect(scores.flatMap((s) => s.invented.map((x) => `${s.id}: ${x}`))).toEqual([]);
  });
});
