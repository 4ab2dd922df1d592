import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Messages } from '@pv/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Registry } from 'prom-client';
import { csv } from './config.js';
import { type HttpTimeouts, httpTimeoutsFrom, serverTimeoutOptions } from './http-timeouts.js';
import { productLogOptions } from './log.js';
import { authContextPlugin } from './plugins/auth-context.js';
import { docsPlugin } from './plugins/docs.js';
import { errorBody, errorsPlugin } from './plugins/errors.js';
import { healthPlugin } from './plugins/health.js';
import { metricsPlugin } from './plugins/metrics.js';
import type { SessionStore, SessionTokens } from './session.js';
import { startTracing, tracedRoutes, tracedServerFactory } from './tracing.js';
import { serverTls } from './transport-security.js';
import { compileValidator } from './validation.js';

export interface ServiceAppOptions {
  name: string;
  version?: string;
  logLevel?: string;
  /** Fastify trustProxy: 'loopback', a CIDR list, a hop count, or true/false. */
  trustProxy?: string | boolean | number;
  /** Verifies sessions on every request; omit for a service with no signed-in routes. */
  sessions?: { tokens: SessionTokens; store: SessionStore };
  /** Origins allowed to make cookie-authenticated writes (CSRF). */
  publicOrigins?: string[];
  /** Named readiness checks; /ready answers 503 if any fails. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** Named checks /ready reports without failing (e.g. NATS, whose loss the outbox absorbs). */
  degradable?: Record<string, () => Promise<unknown>>;
  bodyLimit?: number;
  /**
   * false: no /docs and no /metrics route on this app (its metrics are still recorded on
   * `app.metrics`): for the gateway, whose port is public and whose internal endpoints are served
   * on a port of their own.
   */
  internalRoutes?: boolean;
  /** Adds metrics of the service's own to the app's registry (e.g. the runtime's outbox figures). */
  collectMetrics?: (registry: Registry) => void;
  /** Keep request logs quiet in tests and benchmarks. */
  logger?: boolean;
  /** Where the logs go instead of stdout (a test that reads them). */
  logStream?: { write(line: string): void };
  /**
   * Start every request's trace here, ignoring an incoming `traceparent`: for the public gateway,
   * which takes no trace context from the internet. Only matters when tracing is on.
   */
  traceRoot?: boolean;
  /**
   * The certificate and key to serve HTTPS with; default: TLS_CERT_FILE and TLS_KEY_FILE of the
   * environment (unset: plain HTTP). Peers verify it against their TLS_CA_FILE.
   */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** How long a client may take to send a request; unset: the defaults of http-timeouts.ts. */
  timeouts?: HttpTimeouts;
  /**
   * Give every request an id of our own, never the caller's `x-request-id` (which is logged apart
   * as `clientRequestId`, bounded): for the public gateway, whose callers are the internet. The
   * services behind it adopt the gateway's id.
   */
  mintRequestIds?: boolean;
}

/**
 * The app options every service derives the same way from its config and runtime, so a service's
 * app factory says only what is its own.
 * @example const app = await createServiceApp(standardAppOptions({ name: 'billing', config, runtime, logger }))
 */
export function standardAppOptions(options: {
  name: string;
  config: {
    PUBLIC_ORIGINS: string;
    TRUST_PROXY: string;
    LOG_LEVEL: string;
  } & Parameters<typeof httpTimeoutsFrom>[0];
  runtime: Pick<ServiceAppOptions, 'sessions'> & {
    readiness: Record<string, () => Promise<unknown>>;
    degradable?: Record<string, () => Promise<unknown>>;
    metrics?: (registry: Registry) => void;
  };
  logger?: boolean | undefined;
}): ServiceAppOptions {
  const { name, config, runtime, logger } = options;
  return {
    name,
    ...(runtime.sessions ? { sessions: runtime.sessions } : {}),
    publicOrigins: csv(config.PUBLIC_ORIGINS),
    trustProxy: config.TRUST_PROXY,
    readiness: runtime.readiness,
    ...(runtime.degradable ? { degradable: runtime.degradable } : {}),
    ...(runtime.metrics ? { collectMetrics: runtime.metrics } : {}),
    logLevel: config.LOG_LEVEL,
    ...(logger === false ? { logger: false } : {}),
    timeouts: httpTimeoutsFrom(config),
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

function parseTrustProxy(
  value: string | boolean | number | undefined,
): FastifyServerOptions['trustProxy'] {
  if (value === undefined || value === 'false' || value === false) return false;
  if (value === 'true' || value === true) return true;
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  return value;
}

function serverOptions(options: ServiceAppOptions): FastifyServerOptions {
  // Tracing off: Fastify makes its own server and no hook is added (tracing.ts).
  const serverFactory = tracedServerFactory({ root: options.traceRoot ?? false });
  const tls = options.tls ?? serverTls();
  return {
    ...(serverFactory ? { serverFactory } : {}),
    // HTTPS between the services (docs/transport-security.md): session cookies are forwarded.
    ...(tls ? { https: tls } : {}),
    logger:
      options.logger === false
        ? false
        : {
            ...productLogOptions({
              service: options.name,
              ...(options.logLevel ? { level: options.logLevel } : {}),
            }),
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: parseTrustProxy(options.trustProxy),
    // The metrics plugin writes one access-log line per request instead of Fastify's two.
    disableRequestLogging: true,
    // Fastify's own 503 while closing has no error code (a bare {error, message, statusCode}
    // that the fault suite saw during rollouts); createServiceApp answers it in the error shape.
    return503OnClosing: false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Headers and body within bounds, checked every second, answered 408 in the error shape.
    ...serverTimeoutOptions(options.timeouts ?? httpTimeoutsFrom({})),
    requestIdHeader: false,
    genReqId: (req) => {
      if (options.mintRequestIds) return randomUUID();
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  };
}

/**
 * The one Fastify factory every service builds on: request ids (taken from the gateway's
 * x-request-id), pino logs without cookies, TypeBox schemas validated with pt-BR messages, and
 * the kit's plugins in order: errors (the one error shape), auth context (sessions and CSRF),
 * docs (OpenAPI at /docs), metrics (/metrics) and health (/health, /ready). It never listens.
 * @example const app = await createServiceApp({ name: 'auth', sessions, readiness: { postgres: () => db.selectNoFrom(sql`1`.as('x')).execute() } })
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<FastifyInstance> {
  startTracing(options.name);
  const app = Fastify(serverOptions(options)).withTypeProvider<TypeBoxTypeProvider>();
  tracedRoutes(app);
  closeConnectionsWhenClosing(app);
  app.setValidatorCompiler(({ schema, httpPart }) => compileValidator(schema, httpPart));
  await app.register(errorsPlugin);
  if (options.mintRequestIds) logClientRequestId(app);
  refuseWhileClosing(app);
  await app.register(authContextPlugin, {
    ...(options.sessions ? { sessions: options.sessions } : {}),
    ...(options.publicOrigins ? { publicOrigins: options.publicOrigins } : {}),
  });
  const internal = options.internalRoutes ?? true;
  if (internal) {
    await app.register(docsPlugin, {
      service: options.name,
      ...(options.version ? { version: options.version } : {}),
    });
  }
  await app.register(metricsPlugin, { service: options.name, expose: internal });
  options.collectMetrics?.(app.metrics);
  await app.register(healthPlugin, {
    service: options.name,
    ...(options.readiness ? { readiness: options.readiness } : {}),
    ...(options.degradable ? { degradable: options.degradable } : {}),
  });
  return app;
}

const CLIENT_REQUEST_ID_MAX = 64;

/**
 * A caller's own `x-request-id`, kept beside ours on its log lines so a support case can quote
 * it: at most 64 characters, anything outside [A-Za-z0-9._:-] replaced, so it cannot forge a line.
 */
function logClientRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const given = request.headers['x-request-id'];
    if (typeof given === 'string' && given.length > 0) {
      const clientRequestId = given
        .slice(0, CLIENT_REQUEST_ID_MAX)
        .replace(/[^A-Za-z0-9._:-]/g, '_');
      request.log = request.log.child({ clientRequestId });
    }
    done();
  });
}

/**
 * Once the app starts closing (SIGTERM: a rollout), a request arriving on a kept-alive connection
 * is refused at once with 503 SERVICE_UNAVAILABLE in the error shape and the connection closed,
 * instead of Fastify's bare 503: a clear answer the caller may retry (the running requests finish).
 */
function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    reply
      .header('connection', 'close')
      .code(503)
      .send(
        errorBody(request, {
          statusCode: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: Messages.restarting,
        }),
      );
  });
}

/**
 * Once the app is closing, each answer still to go out says `Connection: close`, and every
 * connection not carrying an answer is dropped: at once, and again as each answer goes out.
 * Node's server.close() ends only the connections it counts as idle, and counts as busy both a
 * keep-alive connection whose request was in flight and a connection opened but not yet sent a
 * request on (it also stops the check that would time the latter out). Either would stay open,
 * and app.close() (a drain after SIGTERM, a test's afterAll) would wait for it: until Fastify's
 * keepAliveTimeout (72 s) for the first, until the client hangs up for the second.
 */
function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // A connection carries an answer from its request's arrival until the answer is out.
  const dropUnused = () => {
    for (const socket of connections)
      if (!(socket as Socket & { _httpMessage?: unknown })._httpMessage) socket.destroy();
  };
  app.addHook('preClose', async () => {
    closing = true;
    // After this hook Fastify stops listening; nothing new arrives after that.
    setImmediate(dropUnused);
  });
  // Callback hooks: they run on every answer of every service, so they cost no promise.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) dropUnused();
    done();
  });
}

export { authContextPlugin } from './plugins/auth-context.js';
export { docsPlugin } from './plugins/docs.js';
export { errorBody, errorsPlugin } from './plugins/errors.js';
export { healthPlugin } from './plugins/health.js';
export { metricsPlugin } from './plugins/metrics.js';
export { csv };
