import { describe, expect, it } from 'vitest';
import { TEST_STEPS } from '../src/test.js';
import { alertRulesStep } from '../src/test-run/alert-rules.js';
import { createTestRun } from '../src/test-run/runner.js';

describe('the alert rules step of npm test', () => {
  it('is a step of npm test and passes on the committed rules (promtool, or a loud skip)', async () => {
    expect(TEST_STEPS.map((s) => s.name)).toContain(alertRulesStep.name);
    const outcome = await alertRulesStep.run(createTestRun([]));
    // Where promtool can be had (root with apt-get, as in CI), the rules are checked and tested.
    expect(['passed', 'skipped']).toContain(outcome.status);
    if (outcome.status === 'skipped') expect(outcome.detail).toContain('NOT checked');
  });
});
