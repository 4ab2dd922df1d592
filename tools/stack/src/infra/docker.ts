// The official images in Docker, for a machine with a Docker engine but without the binaries.
import { spawnSync } from 'node:child_process';
import { info } from '../log.js';
import { COMPONENTS, type ComponentKey, InfraError, LOCALHOST, localUrl } from './components.js';
import { type Context, type Running, waitUntilReady } from './private-process.js';
import { probeComponent } from './probe.js';

let dockerWorks: boolean | undefined;

export function dockerAvailable(): boolean {
  if (dockerWorks === undefined) {
    const result = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 15_000 });
    dockerWorks = result.status === 0;
  }
  return dockerWorks;
}

const DOCKER_IMAGES: Record<
  ComponentKey,
  { image: string; containerPort: number; args: string[]; env: string[]; volume?: string }
> = {
  postgres: {
    image: 'postgres:15',
    containerPort: 5432,
    args: [],
    env: ['POSTGRES_HOST_AUTH_METHOD=trust'],
    volume: '/var/lib/postgresql/data',
  },
  redis: {
    image: 'redis:7',
    containerPort: 6379,
    args: ['redis-server', '--save', '', '--appendonly', 'no'],
    env: [],
  },
  nats: {
    image: 'nats:2.10',
    containerPort: 4222,
    args: ['-js', '-sd', '/data'],
    env: [],
    volume: '/data',
  },
};

export async function startDocker(ctx: Context, key: ComponentKey): Promise<Running> {
  const c = COMPONENTS[key];
  const spec = DOCKER_IMAGES[key];
  const name = `pv-${ctx.mode}-${key}`;
  spawnSync('docker', ['rm', '-f', name], { stdio: 'ignore' });
  const args = [
    'run',
    '-d',
    '--rm',
    '--name',
    name,
    '-p',
    `${LOCALHOST}:${c.privatePort}:${spec.containerPort}`,
  ];
  for (const e of spec.env) args.push('-e', e);
  // Development data outlives a run; test data does not need to.
  if (spec.volume && ctx.mode === 'start') args.push('-v', `pv-${key}-data:${spec.volume}`);
  args.push(spec.image, ...spec.args);
  info(`starting ${c.label} in Docker (${spec.image})`);
  const result = spawnSync('docker', args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new InfraError(`docker run ${spec.image} failed:\n${(result.stderr ?? '').trim()}`);
  }
  const stop = async () => {
    spawnSync('docker', ['rm', '-f', name], { stdio: 'ignore' });
  };
  const exited = () => {
    const inspect = spawnSync('docker', ['inspect', '-f', '{{.State.Running}}', name], {
      encoding: 'utf8',
    });
    return inspect.stdout.trim() !== 'true';
  };
  const logHint = () => {
    const logs = spawnSync('docker', ['logs', '--tail', '15', name], { encoding: 'utf8' });
    return `Last lines of docker logs ${name}:\n${`${logs.stdout}${logs.stderr}`.trim()}`;
  };
  const url = localUrl(key, c.privatePort);
  try {
    await waitUntilReady(c.label, () => probeComponent(key, url), 90_000, { exited, logHint });
  } catch (err) {
    await stop();
    throw err;
  }
  return { description: `Docker container ${name} (${spec.image})`, stop };
}
