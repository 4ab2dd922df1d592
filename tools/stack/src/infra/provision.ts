// The order of preference for each component (the environment's URL, a server on the standard
// port, a private instance from binaries, Docker, apt-get) and the run's start and stop of them.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { error, formatDuration, info, warn } from '../log.js';
import { repoRoot } from '../paths.js';
import { aptInstall, canAptInstall } from './apt.js';
import {
  COMPONENTS,
  type ComponentKey,
  type Infra,
  InfraError,
  type InfraMode,
  LOCALHOST,
  localEndpoint,
  localUrl,
  missingInfraMessage,
  ORDER,
  parseServerUrl,
  redactUrl,
} from './components.js';
import { dockerAvailable, startDocker } from './docker.js';
import { display } from './host.js';
import {
  AUTHORIZED_NATS_PORT,
  findNatsServer,
  natsRequiresAuth,
  startAuthorizedNats,
  startPrivateNats,
} from './nats.js';
import { probeTcp } from './net.js';
import { findPostgresBinaries, findPostgresRole, startPrivatePostgres } from './postgres.js';
import type { Context, Running } from './private-process.js';
import { probeComponent } from './probe.js';
import { findRedisServer, startPrivateRedis } from './redis.js';

type Plan =
  | { kind: 'ready'; url: string; description: string }
  | { kind: 'binaries' }
  /** `npm start`'s private NATS with a user per process (docs/nats-identity.md). */
  | { kind: 'authorized-nats' }
  | { kind: 'docker' }
  | { kind: 'missing' };

function hasBinaries(key: ComponentKey): boolean {
  if (key === 'postgres') return findPostgresBinaries() !== undefined;
  if (key === 'redis') return findRedisServer() !== undefined;
  return findNatsServer() !== undefined;
}

const ready = (url: string, description: string): Plan => ({ kind: 'ready', url, description });

async function planComponent(key: ComponentKey, forcePrivate: boolean): Promise<Plan> {
  const c = COMPONENTS[key];
  const raw = process.env[c.envVar];
  if (raw !== undefined && raw.trim() !== '') {
    const parsed = parseServerUrl(key, raw);
    const result = await probeComponent(key, parsed.url);
    if (!result.ok) {
      throw new InfraError(
        `${c.envVar} is set to ${redactUrl(parsed.url)} but no usable ${c.label} answers there: ${result.reason}.\n` +
          `Start that server, fix ${c.envVar}, or unset it to let the stack find or start one.`,
      );
    }
    return ready(parsed.url, `from ${c.envVar}`);
  }

  if (!forcePrivate && (await probeTcp(LOCALHOST, c.standardPort))) {
    const running = `already running on ${LOCALHOST}:${c.standardPort}`;
    if (key === 'postgres') {
      const url = await findPostgresRole(c.standardPort);
      if (url) return ready(url, running);
      warn(
        `something listens on ${LOCALHOST}:${c.standardPort} but lets neither role "postgres" nor "${os.userInfo().username}" in ` +
          'without a password; set POSTGRES_URL to use it. Using a private instance instead.',
      );
    } else {
      const url = localUrl(key, c.standardPort);
      const result = await probeComponent(key, url);
      if (result.ok) return ready(url, running);
      warn(
        `${LOCALHOST}:${c.standardPort} answers but is not a usable ${c.label} (${result.reason}); using a private instance.`,
      );
    }
  }

  // A private instance left running by another run of start or test (or one that crashed).
  const privateUrl = localUrl(key, c.privatePort);
  if ((await probeTcp(LOCALHOST, c.privatePort)) && (await probeComponent(key, privateUrl)).ok) {
    return ready(
      privateUrl,
      `private instance already running on ${LOCALHOST}:${c.privatePort} (left as it is)`,
    );
  }

  if (hasBinaries(key)) return { kind: 'binaries' };
  if (dockerAvailable()) return { kind: 'docker' };
  return { kind: 'missing' };
}

/**
 * NATS with a user per process for `npm start`: the NATS it found when that one asks for
 * credentials, else its own authorized private NATS (one left running, or a new one from the
 * installed binary). A NATS_URL set by hand is used as given, with a warning when it lets anyone in.
 */
async function authorizedNatsPlan(plan: Plan): Promise<{ plan: Plan; authorized: boolean }> {
  if (plan.kind === 'ready') {
    const endpoint = parseServerUrl('nats', plan.url).endpoints[0];
    if (endpoint && (await natsRequiresAuth(endpoint))) return { plan, authorized: true };
    if (plan.description.startsWith('from ')) {
      warn(
        `${redactUrl(plan.url)} (NATS_URL) lets clients in without credentials: the services connect without their NATS identities.`,
      );
      return { plan, authorized: false };
    }
  }
  const port = AUTHORIZED_NATS_PORT;
  if ((await probeTcp(LOCALHOST, port)) && (await natsRequiresAuth(localEndpoint(port)))) {
    return {
      plan: ready(
        localUrl('nats', port),
        `private instance with a user per process already running on ${LOCALHOST}:${port} (left as it is)`,
      ),
      authorized: true,
    };
  }
  if (findNatsServer()) return { plan: { kind: 'authorized-nats' }, authorized: true };
  warn(
    'NATS runs without authorization and no nats-server binary is installed to run one with a user per process: the services connect without their NATS identities.',
  );
  return { plan, authorized: false };
}

async function realise(
  ctx: Context,
  key: ComponentKey,
  plan: Plan,
  natsConfig: string | undefined,
): Promise<Running | undefined> {
  if (plan.kind === 'authorized-nats') {
    const bin = findNatsServer();
    if (bin && natsConfig !== undefined) return startAuthorizedNats(ctx, bin, natsConfig);
    throw new InfraError('the nats-server binary disappeared while starting');
  }
  if (plan.kind === 'docker') return startDocker(ctx, key);
  if (plan.kind !== 'binaries') return undefined;
  if (key === 'postgres') {
    const bins = findPostgresBinaries();
    if (bins) return startPrivatePostgres(ctx, bins);
  } else if (key === 'redis') {
    const bin = findRedisServer();
    if (bin) return startPrivateRedis(ctx, bin);
  } else {
    const bin = findNatsServer();
    if (bin) return startPrivateNats(ctx, bin);
  }
  throw new InfraError(`the ${COMPONENTS[key].label} binaries disappeared while starting`);
}

export interface ProvisionOptions {
  mode: InfraMode;
  /** Skip the standard local ports, so that private instances are used (PV_FORCE_PRIVATE_INFRA=1). */
  forcePrivate?: boolean;
  /**
   * `npm start`: the nats-server configuration (the catalog's users with their passwords) of a
   * private NATS to run when the NATS found lets anyone in.
   */
  natsAuthorization?: { config: string };
}

/**
 * Finds or starts PostgreSQL, Redis and NATS, in that order of preference for each: the URL in
 * the environment, a server on the standard local port, a private instance from installed
 * binaries, a Docker container, binaries installed with apt-get (root only).
 */
export async function provisionInfra(options: ProvisionOptions): Promise<Infra> {
  const forcePrivate = options.forcePrivate ?? process.env.PV_FORCE_PRIVATE_INFRA === '1';
  const dataRoot =
    options.mode === 'start' ? path.join(repoRoot, '.data') : path.join(repoRoot, '.data', 'test');
  const logDir = path.join(dataRoot, 'logs');
  mkdirSync(logDir, { recursive: true });
  const ctx: Context = {
    mode: options.mode,
    dataRoot,
    logDir,
    onUnexpectedExit: (label, detail) => error(`${label} ${detail}`),
  };

  const plans = {} as Record<ComponentKey, Plan>;
  for (const key of ORDER) plans[key] = await planComponent(key, forcePrivate);

  let natsAuthorized = false;
  if (options.natsAuthorization) {
    const decided = await authorizedNatsPlan(plans.nats);
    plans.nats = decided.plan;
    natsAuthorized = decided.authorized;
  }

  let missing = ORDER.filter((key) => plans[key].kind === 'missing');
  if (missing.length > 0 && canAptInstall()) {
    const packages = missing.map((key) => COMPONENTS[key].debianPackage);
    info(
      `installing ${packages.join(' ')} with apt-get (log: ${display(path.join(logDir, 'apt.log'))})`,
    );
    if (aptInstall(packages, path.join(logDir, 'apt.log'))) {
      for (const key of missing) plans[key] = await planComponent(key, forcePrivate);
      if (options.natsAuthorization && missing.includes('nats')) {
        const decided = await authorizedNatsPlan(plans.nats);
        plans.nats = decided.plan;
        natsAuthorized = decided.authorized;
      }
    }
    missing = ORDER.filter((key) => plans[key].kind === 'missing');
  }
  if (missing.length > 0) throw new InfraError(missingInfraMessage(missing));

  const started: Running[] = [];
  const stopAll = async () => {
    for (const running of started.reverse()) await running.stop();
    started.length = 0;
  };
  const urls = {} as Record<ComponentKey, string>;
  const summary = {} as Record<ComponentKey, string>;
  try {
    for (const key of ORDER) {
      const plan = plans[key];
      const began = Date.now();
      const running = await realise(ctx, key, plan, options.natsAuthorization?.config);
      if (running) {
        started.push(running);
        urls[key] = localUrl(
          key,
          plan.kind === 'authorized-nats' ? AUTHORIZED_NATS_PORT : COMPONENTS[key].privatePort,
        );
        summary[key] = `${running.description}, ready in ${formatDuration(Date.now() - began)}`;
      } else if (plan.kind === 'ready') {
        urls[key] = plan.url;
        summary[key] = plan.description;
      }
    }
  } catch (err) {
    await stopAll();
    throw err;
  }

  return {
    postgresUrl: urls.postgres,
    redisUrl: urls.redis,
    natsUrl: urls.nats,
    natsAuthorized,
    natsServerBin: findNatsServer(),
    summary,
    stop: stopAll,
  };
}

/** Prints where each component comes from, without passwords. */
export function printInfraSummary(infra: Infra): void {
  const rows: [string, string, string][] = [
    ['postgres', infra.postgresUrl, infra.summary.postgres],
    ['redis', infra.redisUrl, infra.summary.redis],
    ['nats', infra.natsUrl, infra.summary.nats],
  ];
  for (const [name, url, how] of rows) info(`${name.padEnd(8)} ${redactUrl(url)}  (${how})`);
}
