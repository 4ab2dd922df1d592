// The steps that run tests: the one vitest run (backend and SPA component tests) and each app's
// browser suite; both report the counts of tests they ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findChromium, installMissingTools } from '../infra/index.js';
import { info } from '../log.js';
import { pnpmCommand, repoRoot } from '../paths.js';
import { addCounts, summarizeVitestReport, type TestCounts } from '../report.js';
import { listWebApps } from '../services.js';
import { APT_LOG, infraEnv } from './checks.js';
import { bin, exitOutcome, type Outcome, type TestStep } from './runner.js';

const REPORT_FILE = path.join(repoRoot, '.data', 'vitest-report.json');
const E2E_REPORT_DIR = path.join(repoRoot, '.data', 'e2e');

/** The test files vitest would run with the repository's config, or undefined if it cannot say. */
function listTestFiles(env: NodeJS.ProcessEnv): unknown[] | undefined {
  const result = spawnSync(bin('vitest'), ['list', '--filesOnly', '--json'], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    shell: process.platform === 'win32',
  });
  try {
    const files: unknown = JSON.parse(result.stdout);
    return Array.isArray(files) ? files : undefined;
  } catch {
    return undefined;
  }
}

function readReport(file: string): { report: unknown; counts: TestCounts } | { error: string } {
  try {
    const report: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return { report, counts: summarizeVitestReport(report) };
  } catch (err) {
    return { error: `unreadable report (${err instanceof Error ? err.message : err})` };
  }
}

export const unitTestsStep: TestStep = {
  name: 'unit and integration tests (vitest run)',
  report: 'test-counts',
  async run(run) {
    mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
    rmSync(REPORT_FILE, { force: true });
    // The documents tests check PDFs with the real tools (qpdf --check, pdftotext).
    installMissingTools({ qpdf: 'qpdf', pdftotext: 'poppler-utils' }, APT_LOG);
    const env = infraEnv(run.infra!);
    let code = await run.exec(
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile=${REPORT_FILE}`, ...run.args],
      env,
    );
    let report: unknown;
    let counts: TestCounts | undefined;
    if (existsSync(REPORT_FILE)) {
      const read = readReport(REPORT_FILE);
      if ('error' in read) return { status: 'failed', detail: read.error };
      ({ report, counts } = read);
    }
    // vitest fails a run that finds no test file. That is right for a mistyped filter, but a
    // repository without any test yet is not a failure: ask vitest itself whether any exist.
    const ranNothing =
      (report as { numTotalTestSuites?: number } | undefined)?.numTotalTestSuites === 0;
    if (code !== 0 && ranNothing && run.args.length === 0 && listTestFiles(env)?.length === 0) {
      info('no test file exists yet: counted as 0 tests');
      counts = { passed: 0, failed: 0, skipped: 0 };
      code = 0;
    }
    if (code !== 0 && counts !== undefined && counts.failed === 0) {
      // e.g. an unhandled rejection or error event after a test: vitest fails the run, but no test.
      return {
        status: 'failed',
        detail: `exit code ${code} although no test failed: see the errors vitest printed above`,
        counts,
      };
    }
    const outcome: Outcome = exitOutcome(code);
    return outcome.status === 'skipped' || counts === undefined ? outcome : { ...outcome, counts };
  },
};

export const browserSuitesStep: TestStep = {
  name: 'end-to-end tests (apps/*: test:e2e)',
  report: 'test-counts',
  async run(run) {
    const apps = listWebApps(repoRoot).filter((app) => app.scripts['test:e2e'] !== undefined);
    if (apps.length === 0)
      return { status: 'skipped', detail: 'no app defines a test:e2e script yet' };
    // The suites drive a real Chromium: without one they cannot run, and skipping them would
    // hide that nothing was checked in a browser.
    const chromium = findChromium(APT_LOG);
    if (!chromium) {
      return {
        status: 'failed',
        detail:
          'Chromium is needed for the browser tests and could not be found or installed ' +
          '(Debian/Ubuntu: apt-get install -y --no-install-recommends chromium; elsewhere set ' +
          'CHROMIUM_PATH to a Chromium or Chrome executable)',
      };
    }
    info(`chromium: ${chromium}`);
    // The Super Transcritor suite speaks into Chromium's fake microphone: a pt-BR WAV made
    // with espeak-ng and resampled with sox (@pv/e2e-kit's speechWav, which says what to
    // install when they are still missing).
    installMissingTools({ 'espeak-ng': 'espeak-ng', sox: 'sox' }, APT_LOG);
    const failures: string[] = [];
    let counts: TestCounts = { passed: 0, failed: 0, skipped: 0 };
    for (const app of apps) {
      if (run.interrupted) break;
      info(`${app.name}: test:e2e`);
      // Written by @pv/e2e-kit's e2eConfig; removed first so a stale one is never counted.
      const reportFile = path.join(E2E_REPORT_DIR, `${path.basename(app.dir)}-report.json`);
      rmSync(reportFile, { force: true });
      const pnpm = pnpmCommand(['--filter', app.name, 'run', 'test:e2e']);
      const code = await run.exec(pnpm.command, pnpm.args, {
        ...infraEnv(run.infra!),
        CHROMIUM_PATH: chromium,
      });
      if (existsSync(reportFile)) {
        const read = readReport(reportFile);
        if ('error' in read) {
          failures.push(`${app.name}: ${read.error}`);
          continue;
        }
        counts = addCounts(counts, read.counts);
      }
      if (code !== 0) failures.push(`${app.name}: exit code ${code}`);
    }
    return failures.length > 0
      ? { status: 'failed', detail: failures.join('; '), counts }
      : { status: 'passed', counts };
  },
};
