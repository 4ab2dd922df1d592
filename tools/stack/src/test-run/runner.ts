// `npm test` is a list of named steps (test.ts); this file runs such a list in order, stops at
// the first failure, and prints one closing table plus the `tests: N passed, M failed` line CI reads.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Infra } from '../infra/index.js';
import { error, formatDuration, paint } from '../log.js';
import { repoRoot } from '../paths.js';
import { addCounts, formatSummaryLine, type TestCounts } from '../report.js';

export type Outcome =
  | { status: 'passed'; counts?: TestCounts }
  | { status: 'failed'; detail: string; counts?: TestCounts }
  | { status: 'skipped'; detail: string };

/** One step of `npm test`: adding a step is adding one of these to the list in test.ts. */
export interface TestStep {
  /** Shown in its header, its PASS/FAIL line and the closing table. */
  name: string;
  run(run: TestRun): Promise<Outcome>;
  /**
   * How the outcome is reported: 'status' prints PASS, SKIP or FAIL with the detail; 'test-counts'
   * also adds the outcome's counts (tests it ran) to the closing `tests:` line.
   */
  report: 'status' | 'test-counts';
}

/** What the steps share: the infrastructure once provided, and the child process they run. */
export interface TestRun {
  /** Arguments after `npm test --`, handed to vitest. */
  readonly args: string[];
  infra: Infra | undefined;
  readonly interrupted: boolean;
  /** Runs a command in the repository with inherited output; resolves with its exit code. */
  exec(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<number>;
  /** The same with stdout captured (stderr still shown). */
  capture(
    command: string,
    args: string[],
    options?: { cwd?: string; env?: NodeJS.ProcessEnv },
  ): Promise<{ code: number; stdout: string }>;
}

export const bin = (name: string) =>
  path.join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

export const exitOutcome = (code: number): Outcome =>
  code === 0 ? { status: 'passed' } : { status: 'failed', detail: `exit code ${code}` };

/**
 * Runs a command (in the repository unless told) with stderr shown, and stdout shown or
 * captured; resolves with its exit code and what it captured.
 */
export function runChild(
  command: string,
  args: string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    captureStdout?: boolean;
    onSpawn?: (child: ChildProcess | undefined) => void;
  } = {},
): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env: options.env ?? process.env,
      stdio: ['inherit', options.captureStdout ? 'pipe' : 'inherit', 'inherit'],
      shell: process.platform === 'win32',
    });
    options.onSpawn?.(child);
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    const stdout = () => Buffer.concat(chunks).toString('utf8');
    child.once('error', (err) => {
      options.onSpawn?.(undefined);
      error(`could not run ${command}: ${err.message}`);
      resolve({ code: 127, stdout: stdout() });
    });
    child.once('close', (code, signal) => {
      options.onSpawn?.(undefined);
      resolve({ code: code ?? (signal ? 128 : 1), stdout: stdout() });
    });
  });
}

/** A TestRun whose children are stopped with it on SIGINT, SIGTERM or SIGHUP. */
export function createTestRun(args: string[]): TestRun {
  let current: ChildProcess | undefined;
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      error(`received ${signal}: stopping after the current step`);
      // From a terminal the child already got the signal; from a process manager it did not.
      current?.kill('SIGTERM');
    });
  }
  const onSpawn = (child: ChildProcess | undefined) => {
    current = child;
  };
  return {
    args,
    infra: undefined,
    get interrupted() {
      return interrupted;
    },
    exec: async (command, commandArgs, env) =>
      (await runChild(command, commandArgs, { env, onSpawn })).code,
    capture: (command, commandArgs, options = {}) =>
      runChild(command, commandArgs, { ...options, captureStdout: true, onSpawn }),
  };
}

const MARKS = {
  passed: paint('green', 'PASS'),
  skipped: paint('yellow', 'SKIP'),
  failed: paint('red', 'FAIL'),
};

/** Runs the steps in order until one fails; returns the exit code of `npm test`. */
export async function runSteps(
  run: TestRun,
  steps: TestStep[],
  cleanup: () => Promise<void>,
): Promise<number> {
  const results: { name: string; outcome: Outcome; ms: number }[] = [];
  let counts: TestCounts | undefined;
  let failed = false;
  try {
    for (const [index, step] of steps.entries()) {
      if (run.interrupted) break;
      const header = `[${index + 1}/${steps.length}] ${step.name}`;
      process.stdout.write(`\n${paint('bold', `== ${header} `.padEnd(78, '='))}\n`);
      const began = Date.now();
      let outcome: Outcome;
      try {
        outcome = await step.run(run);
      } catch (err) {
        outcome = {
          status: 'failed',
          detail: err instanceof Error ? (err.stack ?? err.message) : String(err),
        };
      }
      if (run.interrupted && outcome.status !== 'passed')
        outcome = { status: 'failed', detail: 'interrupted' };
      const ms = Date.now() - began;
      results.push({ name: step.name, outcome, ms });
      if (step.report === 'test-counts' && outcome.status !== 'skipped' && outcome.counts) {
        counts = addCounts(counts ?? { passed: 0, failed: 0, skipped: 0 }, outcome.counts);
      }
      const took = formatDuration(ms);
      if (outcome.status === 'passed') {
        process.stdout.write(`${MARKS.passed} ${step.name} (${took})\n`);
      } else if (outcome.status === 'skipped') {
        process.stdout.write(`${MARKS.skipped} ${step.name}: ${outcome.detail}\n`);
      } else {
        process.stdout.write(`${MARKS.failed} ${step.name} (${took}): ${outcome.detail}\n`);
        failed = true;
        break;
      }
    }
  } finally {
    await cleanup();
  }

  process.stdout.write('\n');
  for (const { name, outcome, ms } of results) {
    process.stdout.write(
      `${MARKS[outcome.status]} ${name.padEnd(50)} ${formatDuration(ms).padStart(8)}\n`,
    );
  }
  const notRun = steps.slice(results.length).map((s) => s.name);
  if (notRun.length > 0) process.stdout.write(`not run: ${notRun.join('; ')}\n`);
  if (counts === undefined)
    process.stdout.write('(no test step ran to the end, so there is nothing to count)\n');
  process.stdout.write(`${formatSummaryLine(counts ?? { passed: 0, failed: 0, skipped: 0 })}\n`);
  return failed || run.interrupted ? 1 : 0;
}
