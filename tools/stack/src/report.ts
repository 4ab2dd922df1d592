export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

interface JsonReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: { status?: string; assertionResults?: { status?: string }[] }[];
}

/**
 * Counts from vitest's JSON reporter (the Jest-compatible shape). A test file that fails before
 * any test runs (a syntax error, a failing beforeAll) may report no failed test, so each one counts
 * as one failure: otherwise the summary would say "0 failed" for a red run.
 */
export function summarizeVitestReport(report: unknown): TestCounts {
  if (report === null || typeof report !== 'object') {
    throw new Error('the vitest JSON report is not an object');
  }
  const r = report as JsonReport;
  const brokenFiles = (r.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + brokenFiles,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

/** The sum of two runs' counts (the unit run and each app's browser suite). */
export function addCounts(a: TestCounts, b: TestCounts): TestCounts {
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
  };
}

/** The closing line that CI parses: `tests: N passed, M failed[, K skipped]`. */
export function formatSummaryLine(counts: TestCounts): string {
  const base = `tests: ${counts.passed} passed, ${counts.failed} failed`;
  return counts.skipped > 0 ? `${base}, ${counts.skipped} skipped` : base;
}
