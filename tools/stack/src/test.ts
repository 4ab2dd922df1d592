import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  aptInstall,
  canAptInstall,
  findExecutable,
  type Infra,
  InfraError,
  printInfraSummary,
  provisionInfra,
} from './infra.js';
import { error, formatDuration, info, paint } from './log.js';
import { pnpmCommand, repoRoot, withStackBin } from './paths.js';
import { addCounts, formatSummaryLine, summarizeVitestReport, type TestCounts } from './report.js';
import { listWebApps } from './services.js';

type Outcome =
  | { status: 'passed' }
  | { status: 'failed'; detail: string }
  | { status: 'skipped'; detail: string };

interface Step {
  title: string;
  run: () => Promise<Outcome>;
}

const REPORT_FILE = path.join(repoRoot, '.data', 'vitest-report.json');
const E2E_REPORT_DIR = path.join(repoRoot, '.data', 'e2e');
const bin = (name: string) =>
  path.join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

// The secrets docker-compose.yml requires (`${NAME:?...}`): validation needs some value for them.
const COMPOSE_REQUIRED_VARIABLES = [
  'POSTGRES_PASSWORD',
  'SESSION_PUBLIC_KEY',
  'SESSION_PRIVATE_KEY',
  'VAULT_HMAC_SECRET',
  'VAULT_ADMIN_KEY',
];

let current: ChildProcess | undefined;
let interrupted = false;

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    current = child;
    child.once('error', (err) => {
      current = undefined;
      error(`could not run ${command}: ${err.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

function exitOutcome(code: number): Outcome {
  return code === 0 ? { status: 'passed' } : { status: 'failed', detail: `exit code ${code}` };
}

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

/** CHROMIUM_PATH, else Debian's chromium, installed with apt-get when allowed (root, PV_NO_APT!=1). */
function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : undefined;
  const find = () => findExecutable('chromium', ['/usr/bin']) ?? findExecutable('chromium-browser');
  let found = find();
  if (!found && canAptInstall()) {
    const log = path.join(repoRoot, '.data', 'test', 'logs', 'apt.log');
    mkdirSync(path.dirname(log), { recursive: true });
    info(`installing chromium with apt-get (log: ${path.relative(repoRoot, log)})`);
    if (aptInstall(['chromium'], log)) found = find();
  }
  return found;
}

function infraEnv(infra: Infra): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    POSTGRES_URL: infra.postgresUrl,
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
  };
  if (infra.natsServerBin) env.NATS_SERVER_BIN = infra.natsServerBin;
  return env;
}

export async function runTest(args: string[]): Promise<number> {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      error(`received ${signal}: stopping after the current step`);
      // From a terminal the child already got the signal; from a process manager it did not.
      current?.kill('SIGTERM');
    });
  }

  let infra: Infra | undefined;
  let counts: TestCounts | undefined;
  let vitestRan = false;

  const steps: Step[] = [
    {
      title: 'infrastructure (PostgreSQL, Redis, NATS)',
      run: async () => {
        try {
          infra = await provisionInfra({ mode: 'test' });
        } catch (err) {
          if (err instanceof InfraError) return { status: 'failed', detail: err.message };
          throw err;
        }
        printInfraSummary(infra);
        if (infra.natsServerBin) info(`NATS_SERVER_BIN=${infra.natsServerBin}`);
        return { status: 'passed' };
      },
    },
    {
      title: 'lint and format (biome check .)',
      run: async () => exitOutcome(await run(bin('biome'), ['check', '.'])),
    },
    {
      title: 'typecheck (turbo run typecheck)',
      run: async () =>
        exitOutcome(
          await run(bin('turbo'), ['run', 'typecheck', '--output-logs=errors-only'], {
            ...withStackBin(process.env),
            TURBO_TELEMETRY_DISABLED: '1',
            TURBO_NO_UPDATE_NOTIFIER: '1',
          }),
        ),
    },
    {
      title: 'unit and integration tests (vitest run)',
      run: async () => {
        mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
        rmSync(REPORT_FILE, { force: true });
        // The documents tests check PDFs with the real tools (qpdf --check, pdftotext).
        const pdfTools = { qpdf: 'qpdf', pdftotext: 'poppler-utils' } as const;
        const missingPdfTools = Object.entries(pdfTools).filter(([b]) => !findExecutable(b));
        if (missingPdfTools.length > 0 && canAptInstall()) {
          const log = path.join(repoRoot, '.data', 'test', 'logs', 'apt.log');
          mkdirSync(path.dirname(log), { recursive: true });
          info(`installing ${missingPdfTools.map(([, p]) => p).join(' ')} with apt-get`);
          aptInstall(
            missingPdfTools.map(([, p]) => p),
            log,
          );
        }
        const vitestArgs = [
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile=${REPORT_FILE}`,
          ...args,
        ];
        const env = infraEnv(infra!);
        let code = await run(bin('vitest'), vitestArgs, env);
        vitestRan = true;
        let report: unknown;
        if (existsSync(REPORT_FILE)) {
          try {
            report = JSON.parse(readFileSync(REPORT_FILE, 'utf8'));
            counts = summarizeVitestReport(report);
          } catch (err) {
            return {
              status: 'failed',
              detail: `unreadable report: ${err instanceof Error ? err.message : err}`,
            };
          }
        }
        // vitest fails a run that finds no test file. That is right for a mistyped filter, but a
        // repository without any test yet is not a failure: ask vitest itself whether any exist.
        const ranNothing =
          (report as { numTotalTestSuites?: number } | undefined)?.numTotalTestSuites === 0;
        if (code !== 0 && ranNothing && args.length === 0 && listTestFiles(env)?.length === 0) {
          info('no test file exists yet: counted as 0 tests');
          counts = { passed: 0, failed: 0, skipped: 0 };
          code = 0;
        }
        if (code !== 0 && counts !== undefined && counts.failed === 0) {
          // e.g. an unhandled rejection or error event after a test: vitest fails the run, but no test.
          return {
            status: 'failed',
            detail: `exit code ${code} although no test failed: see the errors vitest printed above`,
          };
        }
        return exitOutcome(code);
      },
    },
    {
      title: 'end-to-end tests (apps/*: test:e2e)',
      run: async () => {
        const apps = listWebApps(repoRoot).filter((app) => app.scripts['test:e2e'] !== undefined);
        if (apps.length === 0)
          return { status: 'skipped', detail: 'no app defines a test:e2e script yet' };
        // The suites drive a real Chromium: without one they cannot run, and skipping them would
        // hide that nothing was checked in a browser.
        const chromium = findChromium();
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
        const audioTools = { 'espeak-ng': 'espeak-ng', sox: 'sox' } as const;
        const missingAudioTools = Object.entries(audioTools).filter(([b]) => !findExecutable(b));
        if (missingAudioTools.length > 0 && canAptInstall()) {
          const log = path.join(repoRoot, '.data', 'test', 'logs', 'apt.log');
          mkdirSync(path.dirname(log), { recursive: true });
          info(`installing ${missingAudioTools.map(([, p]) => p).join(' ')} with apt-get`);
          aptInstall(
            missingAudioTools.map(([, p]) => p),
            log,
          );
        }
        const failures: string[] = [];
        for (const app of apps) {
          if (interrupted) break;
          info(`${app.name}: test:e2e`);
          // Written by @pv/e2e-kit's e2eConfig; removed first so a stale one is never counted.
          const report = path.join(E2E_REPORT_DIR, `${path.basename(app.dir)}-report.json`);
          rmSync(report, { force: true });
          const pnpm = pnpmCommand(['--filter', app.name, 'run', 'test:e2e']);
          const code = await run(pnpm.command, pnpm.args, {
            ...infraEnv(infra!),
            CHROMIUM_PATH: chromium,
          });
          if (existsSync(report)) {
            try {
              const e2eCounts = summarizeVitestReport(JSON.parse(readFileSync(report, 'utf8')));
              counts = addCounts(counts ?? { passed: 0, failed: 0, skipped: 0 }, e2eCounts);
            } catch (err) {
              failures.push(
                `${app.name}: unreadable report (${err instanceof Error ? err.message : err})`,
              );
              continue;
            }
          }
          if (code !== 0) failures.push(`${app.name}: exit code ${code}`);
        }
        return failures.length > 0
          ? { status: 'failed', detail: failures.join('; ') }
          : { status: 'passed' };
      },
    },
    {
      title: 'docker-compose.yml (docker-compose config -q)',
      run: async () => {
        if (!existsSync(path.join(repoRoot, 'docker-compose.yml'))) {
          return { status: 'skipped', detail: 'no docker-compose.yml' };
        }
        let compose = findExecutable('docker-compose');
        if (!compose && canAptInstall()) {
          const log = path.join(repoRoot, '.data', 'test', 'logs', 'apt.log');
          mkdirSync(path.dirname(log), { recursive: true });
          info(`installing docker-compose with apt-get (log: ${path.relative(repoRoot, log)})`);
          if (aptInstall(['docker-compose'], log)) compose = findExecutable('docker-compose');
        }
        if (!compose) {
          return {
            status: 'skipped',
            detail:
              'docker-compose is not installed, so the file was not validated ' +
              '(Debian/Ubuntu: apt-get install --no-install-recommends docker-compose; macOS: brew install docker-compose)',
          };
        }
        const env = { ...process.env };
        for (const name of COMPOSE_REQUIRED_VARIABLES) env[name] ??= 'placeholder-for-validation';
        return exitOutcome(await run(compose, ['-f', 'docker-compose.yml', 'config', '-q'], env));
      },
    },
  ];

  const results: { title: string; outcome: Outcome; ms: number }[] = [];
  let failed = false;
  try {
    for (const [index, step] of steps.entries()) {
      if (interrupted) break;
      const header = `[${index + 1}/${steps.length}] ${step.title}`;
      process.stdout.write(`\n${paint('bold', `== ${header} `.padEnd(78, '='))}\n`);
      const began = Date.now();
      let outcome: Outcome;
      try {
        outcome = await step.run();
      } catch (err) {
        outcome = {
          status: 'failed',
          detail: err instanceof Error ? (err.stack ?? err.message) : String(err),
        };
      }
      if (interrupted && outcome.status !== 'passed')
        outcome = { status: 'failed', detail: 'interrupted' };
      const ms = Date.now() - began;
      results.push({ title: step.title, outcome, ms });
      if (outcome.status === 'passed') {
        process.stdout.write(`${paint('green', 'PASS')} ${step.title} (${formatDuration(ms)})\n`);
      } else if (outcome.status === 'skipped') {
        process.stdout.write(`${paint('yellow', 'SKIP')} ${step.title}: ${outcome.detail}\n`);
      } else {
        process.stdout.write(
          `${paint('red', 'FAIL')} ${step.title} (${formatDuration(ms)}): ${outcome.detail}\n`,
        );
        failed = true;
        break;
      }
    }
  } finally {
    if (infra) {
      try {
        await infra.stop();
      } catch (err) {
        error(
          `stopping the private infrastructure failed: ${err instanceof Error ? err.message : err}`,
        );
      }
    }
  }

  process.stdout.write('\n');
  for (const { title, outcome, ms } of results) {
    const mark = {
      passed: paint('green', 'PASS'),
      skipped: paint('yellow', 'SKIP'),
      failed: paint('red', 'FAIL'),
    }[outcome.status];
    process.stdout.write(`${mark} ${title.padEnd(50)} ${formatDuration(ms).padStart(8)}\n`);
  }
  const skippedSteps = steps.slice(results.length).map((s) => s.title);
  if (skippedSteps.length > 0) process.stdout.write(`not run: ${skippedSteps.join('; ')}\n`);
  if (!vitestRan) process.stdout.write('(vitest did not run, so there is nothing to count)\n');
  process.stdout.write(`${formatSummaryLine(counts ?? { passed: 0, failed: 0, skipped: 0 })}\n`);
  return failed || interrupted ? 1 : 0;
}
