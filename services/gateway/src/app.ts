import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createServiceApp, httpTimeoutsFrom } from '@pv/service-kit/http';
import { csv, internalHttpsOptions } from '@pv/service-kit/runtime';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Agent } from 'undici';
import { registerResponseCompression } from './compression.js';
import type { GatewayConfig } from './config.js';
import { registerHostRoles } from './host-roles.js';
import { registerAuthRateLimit } from './rate-limit.js';
import { registerProxies } from './routes/proxy.js';
import { answerAuthPage, registerSpas, resolveSpas } from './routes/spa.js';
import { registerUpstreamReadiness } from './routes/upstreams.js';
import { ROUTING_TABLE, type ServiceName } from './routing-table.js';
import {
  connectSrcExtraFrom,
  providerConnectSources,
  registerSecurityHeaders,
} from './security.js';

export interface GatewayDeps {
  /** Rate-limit counters live here; /ready pings it. The caller owns (and closes) it. */
  redis: Redis;
  /** false keeps request logs quiet (tests, benchmarks). */
  logger?: boolean;
  /** Prefix of the gateway's Redis keys (the rate-limit counters); tests pass their own. */
  redisKeyPrefix?: string;
}

const URL_VARIABLE: Record<ServiceName, keyof GatewayConfig> = {
  auth: 'AUTH_URL',
  formatting: 'FORMATTING_URL',
  documents: 'DOCUMENTS_URL',
  billing: 'BILLING_URL',
  support: 'SUPPORT_URL',
  vault: 'VAULT_URL',
  analytics: 'ANALYTICS_URL',
};

/** The configured base URL of each service, without a trailing slash. */
export function upstreamsFrom(config: GatewayConfig): Partial<Record<ServiceName, string>> {
  const upstreams: Partial<Record<ServiceName, string>> = {};
  for (const [service, variable] of Object.entries(URL_VARIABLE) as [
    ServiceName,
    keyof GatewayConfig,
  ][]) {
    const url = config[variable];
    if (typeof url === 'string') upstreams[service] = url.replace(/\/$/, '');
  }
  return upstreams;
}

/**
 * The public entry of the product: security headers, auth rate limits, the SPAs in one-machine
 * mode, and every /auth and /api path proxied to the service that owns it (routing-table.ts).
 * It verifies no session: each service does. It never listens (see server.ts).
 * @example const app = await buildGatewayApp(loadGatewayConfig(), { redis: createRedis(url) })
 */
export async function buildGatewayApp(
  config: GatewayConfig,
  deps: GatewayDeps,
): Promise<FastifyInstance> {
  const app = await createServiceApp({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    readiness: { redis: () => deps.redis.ping() },
    internalRoutes: false,
    // Public: every trace starts here, whatever `traceparent` a client sends (tracing on).
    traceRoot: true,
    // A client has this long to send its request (408 past it); the upload is then forwarded whole.
    timeouts: httpTimeoutsFrom(config),
    // Public: a client's x-request-id is logged apart, never adopted as ours.
    mintRequestIds: true,
    ...(deps.logger === undefined ? {} : { logger: deps.logger }),
  });

  // maxSockets counts per origin: each upstream has its own pool of this many connections.
  const pool = {
    keepAlive: true,
    maxSockets: config.UPSTREAM_MAX_SOCKETS,
    maxFreeSockets: config.UPSTREAM_MAX_SOCKETS,
  };
  const agents = {
    'http:': new HttpAgent(pool),
    // https:// services are verified against the internal CA (docs/transport-security.md).
    'https:': new HttpsAgent({ ...pool, ...internalHttpsOptions() }),
  };
  app.addHook('onClose', async () => {
    agents['http:'].destroy();
    agents['https:'].destroy();
  });

  await registerSecurityHeaders(app, {
    connectSrcExtra: [
      ...providerConnectSources(config.SONIOX_WS_URL),
      ...connectSrcExtraFrom(config.CSP_CONNECT_SRC_EXTRA),
    ],
  });
  if (config.ADMIN_HOST) {
    registerHostRoles(app, {
      adminHost: config.ADMIN_HOST,
      adminOrigins: config.ADMIN_ORIGINS
        ? csv(config.ADMIN_ORIGINS)
        : [`https://${config.ADMIN_HOST}`],
    });
  }
  // Before the SPA and proxy scopes, which inherit it: JSON answers over 1 KB, by negotiation.
  registerResponseCompression(app);
  await registerAuthRateLimit(app, {
    redis: deps.redis,
    max: config.RATE_LIMIT_AUTH_MAX,
    windowSeconds: config.RATE_LIMIT_AUTH_WINDOW_SECONDS,
    nameSpace: deps.redisKeyPrefix ?? `${config.REDIS_KEY_PREFIX}gateway:rate-limit:`,
  });

  const spas = resolveSpas(
    {
      ...(config.WORKSPACE_WEB_DIST ? { workspaceDist: config.WORKSPACE_WEB_DIST } : {}),
      ...(config.ADMIN_WEB_DIST ? { adminDist: config.ADMIN_WEB_DIST } : {}),
    },
    app,
  );
  await registerSpas(app, spas);

  const upstreams = upstreamsFrom(config);
  await registerProxies(app, {
    upstreams,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    queueTimeoutMs: config.UPSTREAM_QUEUE_TIMEOUT_MS,
    agents,
    answerLocally: (request, reply) => answerAuthPage(spas, request, reply),
  });

  app.log.info(
    {
      proxied: Object.keys(upstreams),
      unavailable: ROUTING_TABLE.map((r) => r.service).filter((s) => !upstreams[s]),
      workspaceWeb: spas.workspace ?? null,
      adminWeb: spas.admin ?? null,
    },
    'gateway routes',
  );
  return app;
}

/**
 * The operators' side of the gateway, on INTERNAL_PORT: /metrics (what the public app recorded),
 * /ready/upstreams (every service's /ready), /health and /ready. The public app serves none of
 * these but /health and /ready, so nobody on the internet reads the metrics or the topology.
 * @example const internal = await buildGatewayInternalApp(config, app); await internal.listen({ port: config.INTERNAL_PORT })
 */
export async function buildGatewayInternalApp(
  config: GatewayConfig,
  publicApp: FastifyInstance,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // The readiness probes of /ready/upstreams use undici; proxied traffic uses the public agents.
  const dispatcher = new Agent({
    // A service that does not accept the connection fails fast; a slow answer gets the full timeout.
    connect: { timeout: Math.min(config.UPSTREAM_TIMEOUT_MS, 5_000), ...internalHttpsOptions() },
    keepAliveTimeout: 10_000,
    connections: 16,
  });
  app.addHook('onClose', async () => dispatcher.close());
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', publicApp.metrics.contentType);
    return publicApp.metrics.metrics();
  });
  for (const path of ['/health', '/ready']) {
    app.get(path, async (_request, reply) => {
      // While the public app drains, inject fails: the process is going away, so not ready.
      const answer = await publicApp.inject({ method: 'GET', url: path }).catch(() => undefined);
      if (!answer) return reply.code(503).send({ status: 'not-ready', checks: {} });
      return reply.code(answer.statusCode).type('application/json').send(answer.body);
    });
  }
  registerUpstreamReadiness(app, upstreamsFrom(config), dispatcher);
  return app;
}

/**
 * One log line per Redis outage (ioredis would print every reconnect failure); while it lasts
 * the auth rate limits fail open and /ready answers 503.
 */
export function watchRedis(redis: Redis, log: FastifyBaseLogger): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log.warn({ err: error.message }, 'Redis unreachable; auth rate limits are off');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('Redis reachable again');
    down = false;
  });
}
