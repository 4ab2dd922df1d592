import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type AnyRouteContract, type ErrorBody, Messages } from '@pv/contracts';
import type { Static, TSchema } from '@sinclair/typebox';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type onRequestHookHandler,
} from 'fastify';
import { csv } from './config.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import { registerMetrics } from './metrics.js';
import { type Principal, type SessionStore, type SessionTokens, tokenFrom } from './session.js';
import { compileValidator, describeValidationErrors } from './validation.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null for an anonymous request. */
    principal: Principal | null;
    /** True when the session came from the cookie (so CSRF rules apply). */
    sessionViaCookie: boolean;
  }
  interface FastifyInstance {
    /** Every contract route this app registered, for OpenAPI and the authorization tests. */
    contractRoutes: AnyRouteContract[];
    /** Every route of the app (method and path), contract or not, as Fastify registered it. */
    registeredRoutes: { method: string; url: string }[];
  }
}

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
  bodyLimit?: number;
  /** Keep request logs quiet in tests and benchmarks. */
  logger?: boolean;
}

/**
 * The app options every service derives the same way from its config and runtime, so a service's
 * app factory says only what is its own.
 * @example const app = await createServiceApp(standardAppOptions('billing', config, runtime, options.logger))
 */
export function standardAppOptions(
  name: string,
  config: { PUBLIC_ORIGINS: string; TRUST_PROXY: string; LOG_LEVEL: string },
  runtime: Pick<ServiceAppOptions, 'sessions'> & {
    readiness: Record<string, () => Promise<unknown>>;
  },
  logger?: boolean,
): ServiceAppOptions {
  return {
    name,
    ...(runtime.sessions ? { sessions: runtime.sessions } : {}),
    publicOrigins: csv(config.PUBLIC_ORIGINS),
    trustProxy: config.TRUST_PROXY,
    readiness: runtime.readiness,
    logLevel: config.LOG_LEVEL,
    ...(logger === false ? { logger: false } : {}),
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

export function errorBody(
  request: FastifyRequest,
  statusCode: number,
  code: string,
  message: string,
  details?: ErrorBody['details'],
): ErrorBody {
  return { statusCode, code, message, requestId: request.id, ...(details ? { details } : {}) };
}

/**
 * The one Fastify factory every service builds on: request ids (taken from the gateway's
 * x-request-id), pino logs without cookies, pt-BR validation errors in the one error shape,
 * session verification, /health, /ready, /docs (OpenAPI) and /metrics. It never listens.
 * @example const app = await createServiceApp({ name: 'auth', sessions, readiness: { postgres: () => db.selectNoFrom(sql`1`.as('x')).execute() } })
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger:
      options.logger === false
        ? false
        : {
            level: options.logLevel ?? 'info',
            base: { service: options.name },
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
          },
    trustProxy: parseTrustProxy(options.trustProxy),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  };
  const app: FastifyInstance = Fastify(serverOptions);
  app.setValidatorCompiler(({ schema, httpPart }) => compileValidator(schema, httpPart));
  app.decorate('contractRoutes', [] as AnyRouteContract[]);
  app.decorate('registeredRoutes', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      app.registeredRoutes.push({ method, url: route.url });
  });
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionViaCookie', false);

  // The spec's clients send `Content-Type: application/json` on every call, bodiless ones too.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'INVALID_JSON', Messages.invalidJson), undefined);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const details = describeValidationErrors(error.validation as never, error.validationContext);
      const message = details[0]?.message ?? 'Dados inválidos.';
      return reply.code(400).send(errorBody(request, 400, 'VALIDATION_FAILED', message, details));
    }
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .send(errorBody(request, error.statusCode, error.code, error.message, error.details));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send(errorBody(request, 413, 'BODY_TOO_LARGE', Messages.bodyTooLarge));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply
        .code(415)
        .send(errorBody(request, 415, 'UNSUPPORTED_MEDIA_TYPE', Messages.unsupportedMediaType));
    }
    if (status === 429) {
      return reply
        .code(429)
        .send(errorBody(request, 429, 'RATE_LIMITED', Messages.tooManyRequests));
    }
    if (status >= 400 && status < 500) {
      const message = error.code?.startsWith('FST_ERR_CTP')
        ? Messages.invalidJson
        : 'Requisição inválida.';
      return reply
        .code(status)
        .send(errorBody(request, status, error.code ?? 'BAD_REQUEST', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(request, 500, 'INTERNAL_ERROR', Messages.internalError));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(request, 404, 'ROUTE_NOT_FOUND', Messages.routeNotFound)),
  );

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: `${options.name} service`, version: options.version ?? '0.1.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'pv_session' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  registerMetrics(app, options.name);

  if (options.sessions) {
    const { tokens, store } = options.sessions;
    const origins = new Set(options.publicOrigins ?? []);
    app.addHook('onRequest', async (request) => {
      const found = tokenFrom(request.cookies, request.headers.authorization);
      if (!found) return;
      if (found.viaCookie && UNSAFE.has(request.method) && !sameSiteRequest(request, origins)) {
        throw forbidden(Messages.csrfRejected, 'CSRF_REJECTED');
      }
      const claims = tokens.verify(found.token);
      if (!claims) return;
      const principal = await store.get(claims.sid);
      if (principal && principal.userId === claims.sub) {
        request.principal = principal;
        request.sessionViaCookie = found.viaCookie;
      }
    });
  }

  app.get('/health', { schema: { hide: true } }, async () => ({
    status: 'ok',
    service: options.name,
  }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    await Promise.all(
      Object.entries(options.readiness ?? {}).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2_000);
          checks[name] = 'ok';
        } catch (error) {
          checks[name] = `down: ${(error as Error).message}`;
        }
      }),
    );
    const ready = Object.values(checks).every((c) => c === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
  });

  return app;
}

/**
 * A cookie-authenticated write must come from one of our own pages. Browsers send Origin on
 * cross-origin writes (and Sec-Fetch-Site everywhere); non-browser clients send neither and are
 * not exposed to CSRF.
 */
function sameSiteRequest(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin) return allowed.has(origin);
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// Optional contract fields read as `Schema | undefined`; a route without that part gets D.
type StaticOr<T, D> = [NonNullable<T>] extends [never]
  ? D
  : NonNullable<T> extends TSchema
    ? Static<NonNullable<T>>
    : D;
type SuccessStatus = 200 | 201 | 202;

export type ContractRequest<C extends AnyRouteContract> = FastifyRequest<{
  Body: StaticOr<C['body'], undefined>;
  Querystring: StaticOr<C['querystring'], Record<string, never>>;
  Params: StaticOr<C['params'], Record<string, never>>;
}>;

export type ContractReply<C extends AnyRouteContract> = {
  [K in keyof C['response'] & SuccessStatus]: C['response'][K] extends TSchema
    ? Static<C['response'][K]>
    : never;
}[keyof C['response'] & SuccessStatus];

export type ContractHandler<C extends AnyRouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<ContractReply<C> | FastifyReply>;

/** The caller of a route declared `user`, `premium` or `admin`: always present there. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

function accessHook(contract: AnyRouteContract): onRequestHookHandler | undefined {
  if (contract.access === 'public') return undefined;
  return async (request) => {
    const principal = request.principal;
    if (!principal) throw unauthorized();
    if (principal.mustChangePassword && !contract.allowDuringForcedPasswordChange) {
      throw forbidden(Messages.mustChangePassword, 'PASSWORD_CHANGE_REQUIRED');
    }
    if (contract.access === 'admin' && !principal.isAdmin) {
      throw forbidden(contract.forbiddenMessage ?? Messages.adminOnly, 'ADMIN_ONLY');
    }
    if (contract.access === 'premium' && !principal.isPremium) {
      throw forbidden(contract.forbiddenMessage ?? Messages.premiumOnly, 'PREMIUM_ONLY');
    }
  };
}

/**
 * Registers a route from its contract: the contract's schemas validate the request and shape the
 * response, and its access level is checked before anything else runs.
 * @example registerRoute(app, AuthRoutes.login, async (request, reply) => service.login(request.body))
 */
export function registerRoute<C extends AnyRouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
): void {
  app.contractRoutes.push(contract);
  const hook = accessHook(contract);
  app.route({
    method: contract.method,
    url: contract.url,
    schema: {
      summary: contract.summary,
      tags: contract.tags,
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      response: contract.response,
      ...(contract.access === 'public' ? {} : { security: [{ session: [] }] }),
    },
    ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
    ...(hook ? { onRequest: hook } : {}),
    handler: handler as never,
  });
}

export { csv };
