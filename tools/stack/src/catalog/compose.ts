// docker-compose.yml from the catalog: one container per process with only its own environment,
// Postgres with a role per service, Redis with an ACL user per process and AOF, NATS.
import {
  type CatalogProcess,
  PRESTOP_PAUSE_SECONDS,
  PROCESSES,
  peerUrls,
  redisUser,
  SECRETS,
  SHUTDOWN_GRACE_MS,
  sharedEnv,
  TRUST_PROXY,
} from './catalog.js';
import {
  databaseOwners,
  postgresPasswordEnv,
  redisAclUsers,
  redisPasswordEnv,
} from './datastores.js';
import { natsPasswordEnv, natsProcesses, natsUser } from './nats-auth.js';
import { BASE_IMAGES } from './release.js';
import { GENERATED_NOTE, toYaml } from './yaml.js';

/** A compose interpolation: `${NAME:-default}`, `${NAME:?message}`. */
const interp = (inner: string) => `\${${inner}}`;
const required = (name: string, hint = '') => interp(`${name}:?set ${name}${hint}`);
const HEX_HINT = ' (node scripts/compose-env.mjs makes them)';

/** Node itself asks the process (the images have no curl). */
function httpCheck(path: string, portVariable = 'PORT') {
  return {
    test: [
      'CMD',
      'node',
      '-e',
      `fetch('http://127.0.0.1:'+process.env.${portVariable}+'${path}').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))`,
    ],
    interval: '10s',
    timeout: '5s',
    retries: 6,
    start_period: '30s',
  };
}

/** The environment of one process in compose; `null` passes the variable from the shell if set. */
export function composeEnvironment(proc: CatalogProcess): Record<string, string | null> {
  const env: Record<string, string | null> = {
    ...sharedEnv(proc),
    LOG_LEVEL: interp('LOG_LEVEL:-info'),
  };
  const isGateway = proc.name === 'gateway';
  if (!isGateway) env.SESSION_PUBLIC_KEY = required('SESSION_PUBLIC_KEY', HEX_HINT);
  if (proc.kind === 'server' && !isGateway) {
    env.PUBLIC_ORIGINS = interp('PUBLIC_ORIGINS:-http://localhost:8080');
  }
  if (proc.kind === 'server') {
    env.TRUST_PROXY = isGateway
      ? interp(`GATEWAY_TRUST_PROXY:-${TRUST_PROXY.compose.gateway}`)
      : interp(`SERVICE_TRUST_PROXY:-${TRUST_PROXY.compose.services}`);
  }
  if (proc.database) {
    env.POSTGRES_URL = `postgres://${proc.database}:${required(postgresPasswordEnv(proc.database), HEX_HINT)}@postgres:5432`;
  }
  env.REDIS_URL = `redis://${redisUser(proc)}:${required(redisPasswordEnv(redisUser(proc)), HEX_HINT)}@redis:6379`;
  if (proc.nats) {
    env.NATS_URL = 'nats://nats:4222';
    env.NATS_PASSWORD = required(natsPasswordEnv(natsUser(proc)), HEX_HINT);
  }
  Object.assign(
    env,
    peerUrls(proc, (peer) => peer.name),
  );
  for (const name of proc.secrets) {
    const spec = SECRETS.find((s) => s.name === name);
    env[name] = spec?.required ? required(name, HEX_HINT) : null;
  }
  for (const name of proc.optional) env[name] = null;
  // Plain HTTP on one machine unless a TLS proxy is put in front.
  if ('COOKIE_SECURE' in env) env.COOKIE_SECURE = interp('COOKIE_SECURE:-false');
  return env;
}

function processService(proc: CatalogProcess) {
  const uses = ['redis', ...(proc.database ? ['postgres'] : []), ...(proc.nats ? ['nats'] : [])];
  return {
    build: { context: '.', dockerfile: 'infra/Dockerfile', target: proc.name },
    image: `pv/${proc.name}:local`,
    restart: 'unless-stopped',
    read_only: true,
    tmpfs: ['/tmp'],
    cap_drop: ['ALL'],
    security_opt: ['no-new-privileges:true'],
    // The process drains for SHUTDOWN_GRACE_MS after SIGTERM; compose waits a little longer.
    stop_grace_period: `${SHUTDOWN_GRACE_MS / 1000 + 3 * PRESTOP_PAUSE_SECONDS}s`,
    depends_on: Object.fromEntries(uses.map((s) => [s, { condition: 'service_healthy' }])),
    ...(proc.name === 'gateway' ? { ports: [`${interp('GATEWAY_PORT:-8080')}:8080`] } : {}),
    environment: composeEnvironment(proc),
    // A worker answers on its health port (liveness: event loop and queue connection). The
    // gateway's /ready waits for every service behind it; /health says it serves.
    healthcheck:
      proc.kind === 'worker'
        ? httpCheck('/health', 'HEALTH_PORT')
        : httpCheck(proc.name === 'gateway' ? '/health' : '/ready'),
  };
}

export function renderCompose(): string {
  const postgresEnv: Record<string, string> = {
    POSTGRES_USER: 'postgres',
    POSTGRES_PASSWORD: required('POSTGRES_PASSWORD', HEX_HINT),
  };
  for (const owner of databaseOwners()) {
    postgresEnv[postgresPasswordEnv(owner.database)] = required(
      postgresPasswordEnv(owner.database),
      HEX_HINT,
    );
  }
  const redisEnv = Object.fromEntries(
    redisAclUsers()
      .filter(({ user }) => user !== 'keda')
      .map(({ user }) => [redisPasswordEnv(user), required(redisPasswordEnv(user), HEX_HINT)]),
  );
  // The NATS server reads each user's password from its environment (infra/nats/authorization.conf).
  const natsEnv = Object.fromEntries(
    natsProcesses().map((p) => {
      const variable = natsPasswordEnv(natsUser(p));
      return [variable, required(variable, HEX_HINT)];
    }),
  );
  const check = (test: string[]) => ({ test, interval: '5s', timeout: '5s', retries: 12 });
  const compose = {
    version: '3.8',
    services: {
      postgres: {
        image: BASE_IMAGES.postgres,
        restart: 'unless-stopped',
        environment: postgresEnv,
        volumes: [
          'postgres-data:/var/lib/postgresql/data',
          './infra/postgres-init:/docker-entrypoint-initdb.d:ro',
          './infra/postgres/roles.sql:/etc/pv/roles.sql:ro',
        ],
        healthcheck: check(['CMD', 'pg_isready', '-U', 'postgres']),
      },
      redis: {
        image: BASE_IMAGES.redis,
        restart: 'unless-stopped',
        entrypoint: ['sh', '/etc/pv/redis-start.sh'],
        environment: redisEnv,
        volumes: ['./infra/redis/start.sh:/etc/pv/redis-start.sh:ro', 'redis-data:/data'],
        healthcheck: check(['CMD', 'redis-cli', 'ping']),
      },
      nats: {
        // The -alpine variant: the plain image has no shell or wget for a healthcheck.
        image: BASE_IMAGES.nats,
        restart: 'unless-stopped',
        command: ['-c', '/etc/nats/nats.conf', '-js', '-sd', '/data'],
        environment: natsEnv,
        volumes: [
          './infra/nats/nats.conf:/etc/nats/nats.conf:ro',
          './infra/nats/authorization.conf:/etc/nats/authorization.conf:ro',
          'nats-data:/data',
        ],
        healthcheck: check([
          'CMD',
          'wget',
          '-q',
          '-O',
          '/dev/null',
          'http://127.0.0.1:8222/healthz?js-enabled-only=true',
        ]),
      },
      ...Object.fromEntries(PROCESSES.map((p) => [p.name, processService(p)])),
    },
    volumes: { 'postgres-data': {}, 'redis-data': {}, 'nats-data': {} },
  };
  return toYaml(
    [
      {
        value: compose,
        notes: {
          'services.postgres.volumes':
            'infra/postgres-init makes a role per service owning only its database (first start of the volume).',
          'services.redis.entrypoint':
            'One ACL user per process, append-only file on: queued jobs survive a restart.',
          'services.nats.environment':
            'One NATS user per process, allowed only its own subjects (infra/nats/authorization.conf).',
        },
      },
    ],
    `${GENERATED_NOTE}
Every service, worker and the three servers they need, on one machine with Docker:
  node scripts/compose-env.mjs >> .env    # once: random passwords and keys for every variable below
  docker-compose up --build
No secret has a default: compose refuses to start until each one is set. Each process gets only
its own secrets and connects as its own Postgres role, Redis user and NATS user. Only the gateway is published.
Behind a TLS proxy on this machine set GATEWAY_TRUST_PROXY=1 and SERVICE_TRUST_PROXY=2.`,
  );
}
