import {
  type Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import { type Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { type Readable, Transform } from 'node:stream';
import { Messages } from '@pv/contracts';
import { AppError, errorBody, startClientSpan } from '@pv/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import {
  bodyLimitFor,
  ROUTING_TABLE,
  type ServiceName,
  type ServiceRoute,
} from '../routing-table.js';
import { withoutHopByHop } from './hop-by-hop.js';

const PROXIED_METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

export interface ProxyOptions {
  /** Base URL per service; a service without one answers 503 on all its prefixes. */
  upstreams: Partial<Record<ServiceName, string>>;
  /** Headers and body-gap timeout for every upstream call. */
  timeoutMs: number;
  /**
   * Keep-alive connection pools shared by every prefix of every service. Node's own http client:
   * measured faster than undici through reply-from on this path (docs/BENCHMARKS.md).
   */
  agents: { 'http:': HttpAgent; 'https:': HttpsAgent };
  /** A chance to answer a request here instead (the SPA's auth pages); undefined to go on. */
  answerLocally?: LocalAnswer;
}

export type LocalAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | undefined;

/** Registers one proxy per (prefix -> service URL), or an immediate 503 for unconfigured services. */
export async function registerProxies(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  for (const route of ROUTING_TABLE) {
    const upstream = options.upstreams[route.service];
    for (const prefix of route.prefixes) {
      // `owned`, not `prefix`: Fastify would take a `prefix` option as the scope's route prefix.
      if (upstream) await app.register(proxyScope, { ...options, route, owned: prefix, upstream });
      else await app.register(unavailableScope, { ...options, route, owned: prefix });
    }
  }
}

const unavailableBody = (request: FastifyRequest, route: ServiceRoute) =>
  errorBody(request, {
    statusCode: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: Messages.serviceUnavailable(route.label),
  });

const bodyTooLarge = () => new AppError(413, 'BODY_TOO_LARGE', Messages.bodyTooLarge);

/** Each service documents its own routes at its /docs; the gateway's would only repeat prefixes. */
function hideFromOpenApi(scope: FastifyInstance): void {
  scope.addHook('onRoute', (routeOptions) => {
    routeOptions.schema = { ...routeOptions.schema, hide: true };
  });
}

interface UnavailableOptions extends ProxyOptions {
  route: ServiceRoute;
  owned: string;
}

/** Every path of a service with no URL configured answers 503 at once, its body left unread. */
async function unavailableScope(
  scope: FastifyInstance,
  options: UnavailableOptions,
): Promise<void> {
  const { route, owned, answerLocally } = options;
  hideFromOpenApi(scope);
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  for (const url of [owned, `${owned}/*`]) {
    scope.route({
      method: PROXIED_METHODS,
      url,
      handler: (request, reply) =>
        answerLocally?.(request, reply) ?? reply.code(503).send(unavailableBody(request, route)),
    });
  }
}

interface ScopeOptions extends ProxyOptions {
  route: ServiceRoute;
  owned: string;
  upstream: string;
}

/** Raw requests whose streamed body went over the limit mid-way (chunked uploads). */
const oversized = new WeakSet<IncomingMessage>();

async function proxyScope(scope: FastifyInstance, options: ScopeOptions): Promise<void> {
  const { route, owned: prefix, upstream, timeoutMs, agents, answerLocally } = options;
  hideFromOpenApi(scope);
  // Bodies are streamed to the service untouched (JSON, multipart, anything): the service parses
  // and validates them. The kit's JSON parser is replaced in this scope only.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', streamWithin(bodyLimitFor(prefix)));
  const target = new URL(upstream);
  const client = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const failed = (request: FastifyRequest, reply: FastifyReply, error: Error) => {
    if (oversized.has(request.raw)) {
      reply.header('connection', 'close');
      return reply.code(413).send(
        errorBody(request, {
          statusCode: 413,
          code: 'BODY_TOO_LARGE',
          message: Messages.bodyTooLarge,
        }),
      );
    }
    request.log.warn({ service: route.service, err: error.message }, 'upstream unavailable');
    return reply.code(503).send(unavailableBody(request, route));
  };
  // A proxy of our own rather than @fastify/http-proxy: reply-from cost two thirds of the
  // gateway's throughput for what is one http.request piped both ways (docs/BENCHMARKS.md).
  const forward = (request: FastifyRequest, reply: FastifyReply, retriedRefused = false) =>
    new Promise<FastifyReply>((resolve) => {
      const headers = forwardedHeaders(request, withoutHopByHop(request.headers));
      headers.host = target.host;
      // Tracing on: a CLIENT span per upstream call, its `traceparent` sent to the service.
      const span = startClientSpan({
        method: request.method,
        template: request.routeOptions.url ?? prefix,
        url: target,
        peer: route.service,
      });
      if (span) Object.assign(headers, span.headers);
      const outgoing = client(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers,
          agent,
          // Socket inactivity: bounds the wait for the headers and every gap in the body.
          timeout: timeoutMs,
        },
        (answer) => {
          span?.end({ statusCode: answer.statusCode ?? 502 });
          resolve(
            reply
              .code(answer.statusCode ?? 502)
              .headers(withoutHopByHop(answer.headers))
              .send(answer),
          );
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('upstream timeout')));
      outgoing.on('error', (error) => {
        if (!reply.sent) span?.end({ error });
        if (reply.sent) return;
        if (!retriedRefused && mayRetryRefused(request, error)) {
          resolve(retryRefusedOnce(() => forward(request, reply, true)));
          return;
        }
        resolve(failed(request, reply, error));
      });
      const body = request.body as Readable | undefined;
      if (body && typeof body.pipe === 'function') {
        body.on('error', (error) => outgoing.destroy(error));
        body.pipe(outgoing);
      } else {
        outgoing.end();
      }
    });
  for (const url of [prefix, `${prefix}/*`]) {
    scope.route({
      method: PROXIED_METHODS,
      url,
      handler: (request, reply) => answerLocally?.(request, reply) ?? forward(request, reply),
    });
  }
}

/** The wait before the one retry of a refused idempotent request: a process coming back. */
export const REFUSED_RETRY_DELAY_MS = 500;

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Whether a request whose upstream refused the connection may be sent once more: nothing
 * reached the service (ECONNREFUSED: the process is restarting, or a replica is gone), the
 * method is idempotent, and it has no body to send again (a streamed body is already spent).
 */
function mayRetryRefused(request: FastifyRequest, error: Error): boolean {
  if ((error as { code?: string }).code !== 'ECONNREFUSED') return false;
  return IDEMPOTENT_METHODS.has(request.method) && request.body === undefined;
}

/** Sends the request again after a short wait (REFUSED_RETRY_DELAY_MS), once. */
function retryRefusedOnce(send: () => Promise<FastifyReply>): Promise<FastifyReply> {
  return new Promise((resolve) => setTimeout(resolve, REFUSED_RETRY_DELAY_MS)).then(send);
}

/**
 * A content-type parser that hands the request stream on instead of parsing it, refusing a
 * declared Content-Length over the limit at once and cutting a chunked body that grows past it.
 */
function streamWithin(limit: number) {
  return (
    request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: unknown) => void,
  ): void => {
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      done(bodyTooLarge());
      return;
    }
    // Node's parser never delivers more than a declared length, so only chunked bodies are counted.
    if (Number.isFinite(declared)) {
      done(null, payload);
      return;
    }
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen > limit) {
          oversized.add(request.raw);
          callback(bodyTooLarge());
          return;
        }
        callback(null, chunk);
      },
    });
    payload.pipe(counted);
    done(null, counted);
  };
}

/**
 * The headers a service may rely on: our request id, and X-Forwarded-* that a client cannot
 * forge. An incoming X-Forwarded-For is kept only when TRUST_PROXY trusts the peer that sent it
 * (Fastify's request.ips then reaches past the socket address); otherwise it is replaced.
 */
function forwardedHeaders(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const socketAddress = request.socket.remoteAddress ?? '';
  const incoming = headers['x-forwarded-for'];
  const peerTrusted = (request.ips?.length ?? 0) > 1;
  const forwardedFor =
    peerTrusted && incoming ? `${[incoming].flat().join(', ')}, ${socketAddress}` : socketAddress;
  // A trace context from the internet is not continued: the gateway starts every trace.
  const {
    forwarded: _forwarded,
    'x-real-ip': _realIp,
    traceparent: _traceparent,
    tracestate: _tracestate,
    baggage: _baggage,
    ...rest
  } = headers;
  return {
    ...rest,
    'x-request-id': request.id,
    'x-forwarded-for': forwardedFor,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  };
}
