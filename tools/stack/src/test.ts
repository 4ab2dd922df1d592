// `npm test`: the steps below, in this order, until one fails. A step is a name, what it runs and
// how it is reported (see TestStep in test-run/runner.ts); adding a step is adding an entry.
import { error } from './log.js';
import { alertRulesStep } from './test-run/alert-rules.js';
import { apiDocumentsStep } from './test-run/api-documents.js';
import { composeStep, infrastructureStep, lintStep } from './test-run/checks.js';
import { dependencyRulesStep } from './test-run/dependencies.js';
import { infraFilesStep } from './test-run/infra-files.js';
import { createTestRun, runSteps, type TestStep } from './test-run/runner.js';
import { browserSuitesStep, unitTestsStep } from './test-run/suites.js';
import { typecheckStep } from './test-run/typecheck.js';

export const TEST_STEPS: TestStep[] = [
  infrastructureStep,
  lintStep,
  dependencyRulesStep,
  typecheckStep,
  infraFilesStep,
  apiDocumentsStep,
  alertRulesStep,
  unitTestsStep,
  browserSuitesStep,
  composeStep,
];

export async function runTest(args: string[]): Promise<number> {
  const run = createTestRun(args);
  return runSteps(run, TEST_STEPS, async () => {
    try {
      await run.infra?.stop();
    } catch (err) {
      error(
        `stopping the private infrastructure failed: ${err instanceof Error ? err.message : err}`,
      );
    }
  });
}

/** `npm run typecheck`: the typecheck step of `npm test` alone. */
export function runTypecheck(): Promise<number> {
  return runSteps(createTestRun([]), [typecheckStep], async () => {});
}
