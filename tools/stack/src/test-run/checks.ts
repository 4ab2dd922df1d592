// The steps that check the tree without running its tests: infrastructure, lint and the compose
// file (the typecheck is typecheck.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Infra,
  InfraError,
  installMissingTools,
  printInfraSummary,
  provisionInfra,
} from '../infra/index.js';
import { info } from '../log.js';
import { repoRoot } from '../paths.js';
import { bin, exitOutcome, type TestStep } from './runner.js';

/** Where the steps' apt-get installs write their output. */
export const APT_LOG = path.join(repoRoot, '.data', 'test', 'logs', 'apt.log');

/** The variables a compose file requires (`${NAME:?...}`): validation needs some value for them. */
export function composeRequiredVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*):\?/g)].map((m) => m[1]!))];
}

/** The environment of a step that talks to the provided PostgreSQL, Redis and NATS. */
export function infraEnv(infra: Infra): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    POSTGRES_URL: infra.postgresUrl,
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
  };
  if (infra.natsServerBin) env.NATS_SERVER_BIN = infra.natsServerBin;
  return env;
}

export const infrastructureStep: TestStep = {
  name: 'infrastructure (PostgreSQL, Redis, NATS)',
  report: 'status',
  async run(run) {
    try {
      run.infra = await provisionInfra({ mode: 'test' });
    } catch (err) {
      if (err instanceof InfraError) return { status: 'failed', detail: err.message };
      throw err;
    }
    printInfraSummary(run.infra);
    if (run.infra.natsServerBin) info(`NATS_SERVER_BIN=${run.infra.natsServerBin}`);
    return { status: 'passed' };
  },
};

export const lintStep: TestStep = {
  name: 'lint and format (biome check .)',
  report: 'status',
  run: async (run) => exitOutcome(await run.exec(bin('biome'), ['check', '.'])),
};

export const composeStep: TestStep = {
  name: 'docker-compose.yml (docker-compose config -q)',
  report: 'status',
  async run(run) {
    if (!existsSync(path.join(repoRoot, 'docker-compose.yml'))) {
      return { status: 'skipped', detail: 'no docker-compose.yml' };
    }
    if (installMissingTools({ 'docker-compose': 'docker-compose' }, APT_LOG).length > 0) {
      return {
        status: 'skipped',
        detail:
          'docker-compose is not installed, so the file was not validated ' +
          '(Debian/Ubuntu: apt-get install --no-install-recommends docker-compose; macOS: brew install docker-compose)',
      };
    }
    const env = { ...process.env };
    const compose = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    for (const name of composeRequiredVariables(compose))
      env[name] ??= 'placeholder-for-validation';
    return exitOutcome(
      await run.exec('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], env),
    );
  },
};
