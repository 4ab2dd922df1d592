import { describe, expect, it } from 'vitest';
import { addCounts, formatSummaryLine, summarizeVitestReport } from '../src/report.js';

describe('addCounts', () => {
  it('adds the browser suites to the unit run in the closing line', () => {
    const unit = summarizeVitestReport({ numPassedTests: 120, numFailedTests: 1, numTodoTests: 2 });
    const e2e = summarizeVitestReport({
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [{ status: 'failed', assertionResults: [] }],
    });
    const total = addCounts(unit, e2e);
    expect(total).toEqual({ passed: 123, failed: 2, skipped: 2 });
    expect(formatSummaryLine(total)).toBe('tests: 123 passed, 2 failed, 2 skipped');
  });

  it('leaves its inputs alone', () => {
    const a = { passed: 1, failed: 0, skipped: 0 };
    addCounts(a, { passed: 5, failed: 5, skipped: 5 });
    expect(a).toEqual({ passed: 1, failed: 0, skipped: 0 });
  });
});
